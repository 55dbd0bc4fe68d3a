import { ErrorCode } from '../../shared/errors.js';
import { ApiError } from './api-error.js';

/** Raised when the signed-in account must verify its email; the app then shows only the verification screen. */
export const EMAIL_VERIFICATION_REQUIRED_EVENT = 'emailVerificationRequired';

export interface EmailVerificationRequiredDetail {
  email: string;
}

export function raiseEmailVerificationRequired(email: string): void {
  window.dispatchEvent(
    new CustomEvent<EmailVerificationRequiredDetail>(EMAIL_VERIFICATION_REQUIRED_EVENT, {
      detail: { email },
    }),
  );
}

/**
 * The server's refusal until the account verifies its email (a 403 with EMAIL_VERIFICATION_REQUIRED). The
 * API client raises the verification screen for it, so no other screen answers it.
 */
export function isEmailVerificationRequired(error: unknown): error is ApiError {
  return (
    error instanceof ApiError && error.status === 403 && error.code === ErrorCode.emailVerificationRequired
  );
}
