import { authTexts } from '../../../shared/auth/auth.contract.js';

/** Texts of the auth screens that only the client shows (the shared ones are authTexts in src/shared/auth.ts). */
export const authScreenTexts = {
  missingInformation: 'Missing information',
  welcomeBack: authTexts.welcomeBack,
  accountCreated: 'Account created!',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  registrationFailedFallback: 'Failed to create account',
  resetEmailSentTitle: 'Check your email',
  forgotPasswordFailedFallback: 'Failed to send reset email',
  invalidResetLinkTitle: 'Invalid reset link',
  resetFailed: 'Reset failed',
  resetFailedFallback: 'Failed to reset password. The link may be expired.',
  resendFailed: 'Failed to send email',
  resendFailedFallback: 'Please try again later',
  resendSent: 'Verification email sent',
  sessionExtended: authTexts.sessionExtended,
  // Spec §2 Settings, Account Actions.
  loggedOut: 'Logged Out',
  loggedOutDescription: "You've been successfully logged out.",
  passwordHint: 'At least 8 characters, with an uppercase letter, a lowercase letter and a digit.',
} as const;
