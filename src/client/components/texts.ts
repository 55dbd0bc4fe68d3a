import { texts } from '../../shared/i18n/texts.js';

/** Texts of the shared components (the dialogs' and toasts' Close, Cancel, the password toggle, ...). */
export const componentTexts = texts('components', {
  close: 'Close',
  cancel: 'Cancel',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  backToHome: 'Back to home',
  // Spec §2 Vehicle Theme, Conversations: the screen of a visitor who is not signed in.
  signInRequired: 'Sign In Required',
  signIn: 'Sign In',
  darkMode: 'Dark mode',
});
