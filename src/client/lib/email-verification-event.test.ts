import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { isEmailVerificationRequired } from './email-verification-event.js';

describe('isEmailVerificationRequired', () => {
  it('is the 403 with EMAIL_VERIFICATION_REQUIRED, and nothing else', () => {
    const verify = {
      message: 'Please verify your email address to continue',
      code: 'EMAIL_VERIFICATION_REQUIRED' as const,
    };
    expect(isEmailVerificationRequired(new ApiError(403, 'Forbidden', verify))).toBe(true);
    expect(isEmailVerificationRequired(new ApiError(401, 'Unauthorized', verify))).toBe(false);
    expect(isEmailVerificationRequired(new ApiError(403, 'Forbidden', { code: 'FOREIGN_ORIGIN' }))).toBe(
      false,
    );
    expect(isEmailVerificationRequired(new ApiError(403, 'Forbidden', null))).toBe(false);
    expect(isEmailVerificationRequired(new Error('EMAIL_VERIFICATION_REQUIRED'))).toBe(false);
  });
});
