import { icu, texts } from '../../../shared/i18n/texts.js';

/** Texts of the profile's email verification card (spec §2 Profile, §8 Resend verification). */
export const profileTexts = texts('profile', {
  title: 'Profile',
  myVehicles: 'My Vehicles',
  blockedUsers: 'Blocked Users',
  helpAndSupport: 'Help & Support',
  signOut: 'Sign Out',
  signingOut: 'Signing Out...',
  cancel: 'Cancel',
  emailTitle: 'Email Verification',
  emailVerified: 'Your email address is verified.',
  emailNotVerified:
    'Your email address is not verified yet. Verify it to receive messages about your vehicles.',
  resend: 'Resend Verification Email',
  sending: 'Sending...',
  sent: 'Email Sent',
  // Spec §8: "failure in the profile card".
  resendFailed: 'Failed to send verification email',
  // Spec §2 Profile: the About entry. The words are ours (docs/decisions/0102-profile.md).
  about: 'About',
  aboutTitle: 'About Vehicle Contact',
  aboutVersion: icu<{ version: string }>('Version {version}'),
  aboutWhat:
    'Vehicle Contact lets anyone reach a vehicle’s owner through the QR code in its window or its licence plate, and lets owners answer, without either side revealing who they are.',
  aboutDeletion: 'Messages are deleted automatically after 24 hours.',
  aboutPrivacy:
    'Neither side ever sees the other’s name, email address or account, and you can block anyone who misuses messages.',
  settings: 'Settings',
  // Issue 33 (docs/decisions/0149): the account's data, and leaving.
  downloadData: 'Download my data',
  deleteAccount: 'Delete account',
  deleteTitle: 'Delete your account?',
  deleteDescription:
    'Your vehicles, QR codes, conversations, messages and settings are deleted at once, and cannot be restored. People you wrote to can no longer answer you.',
  deletePasswordLabel: 'Password',
  deleteProviderDescription: icu<{ provider: string }>(
    'To confirm, you will sign in with {provider} again if you have not just done so.',
  ),
  deleteConfirm: 'Delete account',
  deleting: 'Deleting...',
  signInAgain: icu<{ provider: string }>('Sign in with {provider} again'),
  deleteFailed: 'Your account could not be deleted. Please try again.',
});
