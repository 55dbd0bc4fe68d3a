import { texts } from '../../shared/i18n/texts.js';

/** Texts of the toasts a redirect or a lost session announces (spec §2 Home, §8; issue Foundation, 31). */
export const noticeTexts = texts('notices', {
  emailVerifiedTitle: 'Email verified',
  emailVerified: 'Your email address has been verified.',
  vehicleNotFound: 'This QR code is not registered with the product or the vehicle may be inactive.',
  qrErrorTitle: 'QR Code Error',
  qrLookupFailed: 'Failed to lookup vehicle information. Please try again.',
  invalidVerificationTitle: 'Invalid verification link',
  signInFailedTitle: 'Sign-in failed',
  // Spec §8: a 401.
  unauthorizedTitle: 'Unauthorized',
  unauthorized: 'You are logged out. Logging in again...',
  // Issue 31: a signed-in page opened without any session.
  signInRequiredTitle: 'Sign in required',
  signInRequired: 'Sign in to open this page.',
});
