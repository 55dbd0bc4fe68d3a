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
