/** Texts of the Settings screen (spec §2 Settings). */
export const settingsTexts = {
  title: 'Settings',
  signedOut: 'Please log in to access settings',
  profileTitle: 'Profile',
  email: 'Email',
  name: 'Name',
  authentication: 'Authentication',
  emailAndPassword: 'Email & Password',
  appearanceTitle: 'Appearance',
  accountActionsTitle: 'Account Actions',
  logOut: 'Log Out',
  loggingOut: 'Logging out...',
  footerTitle: 'Anonymous Vehicle Communication',
  footerLine: 'Keep your messages private and secure',
} as const;
