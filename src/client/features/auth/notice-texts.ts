import { texts } from '../../../shared/i18n/texts.js';

/**
 * The toasts the landing page shows after a sign-out or an account's deletion reloaded the app: they come
 * with the first screen, so they travel in the `first` catalogue (shared/i18n/catalogs.ts).
 */
export const accountNoticeTexts = texts('accountNotices', {
  // Spec §2 Settings, Account Actions.
  loggedOut: 'Logged Out',
  loggedOutDescription: "You've been successfully logged out.",
  // Issue 33 (docs/decisions/0149).
  accountDeleted: 'Account deleted',
});
