import { icu, texts } from '../../../shared/i18n/texts.js';

/** Texts of the Settings screen (spec §2 Settings). */
export const settingsTexts = texts('settings', {
  backToProfile: 'Back to Profile',
  backToHome: 'Back to home',
  title: 'Settings',
  signedOut: 'Please log in to access settings',
  profileTitle: 'Profile',
  email: 'Email',
  name: 'Name',
  authentication: 'Authentication',
  emailAndPassword: 'Email & Password',
  privacyTitle: 'Privacy & Automation',
  autoLogin: 'Automatic sign-in',
  autoLoginHint:
    'Signs this browser back in when you open the app, using the session kept when you chose Remember me. No password is stored.',
  privacyMode: 'Privacy mode',
  privacyModeHint: 'Hides message text in conversation lists, for when others can see your screen.',
  // Issue 32: the sender's status page shows Seen only while the owner sends read receipts.
  readReceipts: 'Send read receipts',
  readReceiptsHint: "Senders see when you've opened their message. Off: they see only that it was delivered.",
  quickMessagesTitle: 'Quick messages',
  quickMessagesHint: 'Offered on the Send Message screen, one tap to use.',
  quickMessagesEmpty: 'No quick messages. Add one below.',
  quickMessagesFull: 'You have 10 quick messages, the most there can be. Remove one to add another.',
  newQuickMessage: 'New quick message',
  addQuickMessage: 'Add',
  remove: 'Remove',
  removeQuickMessage: icu<{ message: string }>('Remove "{message}"'),
  restoreQuickMessages: 'Restore the default messages',
  appearanceTitle: 'Appearance',
  // Issue 36: the app's language; each language is named in its own words (LOCALE_NAMES), never translated.
  language: 'Language',
  languageHint: 'The language of the app, and of the e-mails and notifications sent to you.',
  languageSystem: 'Browser default',
  languageSaveFailed: 'The language is used on this device but could not be saved to your account.',
  accountActionsTitle: 'Account Actions',
  logOut: 'Log Out',
  loggingOut: 'Logging out...',
  footerTitle: 'Anonymous Vehicle Communication',
  footerLine: 'Keep your messages private and secure',
});
