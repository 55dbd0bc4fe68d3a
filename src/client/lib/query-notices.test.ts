import { describe, expect, it } from 'vitest';
import { authTexts } from '../../shared/auth/auth.contract.js';
import { queryNoticeFor } from './query-notices.js';

describe('queryNoticeFor', () => {
  it.each([
    ['/', '?verified=1', 'Email verified', 'Your email address has been verified.', ''],
    [
      '/',
      '?error=vehicle-not-found',
      'Vehicle Not Found',
      'This QR code is not registered with the product or the vehicle may be inactive.',
      '',
    ],
    [
      '/',
      '?error=qr-lookup-failed',
      'QR Code Error',
      'Failed to lookup vehicle information. Please try again.',
      '',
    ],
    ['/auth', '?verification=invalid', 'Invalid verification link', authTexts.invalidVerificationLink, ''],
    ['/auth', '?mode=login&error=oidc', 'Sign-in failed', authTexts.oidcFailed, '?mode=login'],
    ['/auth', '?mode=login&verified=1', 'Email verified', authTexts.emailVerifiedSignIn, '?mode=login'],
  ])('%s%s shows "%s"', (path, search, title, description, remainingSearch) => {
    expect(queryNoticeFor(path, search)).toMatchObject({ toast: { title, description }, remainingSearch });
  });

  it.each([
    ['/', ''],
    ['/', '?verified=0'],
    ['/auth', '?verified=yes'],
    ['/profile', '?error=oidc'],
    ['/auth', '?mode=login'],
  ])('%s%s shows nothing', (path, search) => {
    expect(queryNoticeFor(path, search)).toBeUndefined();
  });
});
