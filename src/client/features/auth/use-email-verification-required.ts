import { useEffect, useState } from 'react';
import type { User } from '../../../shared/auth/auth.contract.js';
import {
  EMAIL_VERIFICATION_REQUIRED_EVENT,
  type EmailVerificationRequiredDetail,
  raiseEmailVerificationRequired,
} from '../../lib/email-verification-event.js';

export function needsEmailVerification(user: User | null | undefined): user is User {
  return !!user && user.authProvider === 'email' && !user.emailVerified;
}

/**
 * The address to verify once the emailVerificationRequired event was raised (by the API client on a 403, or
 * here for an unverified email account), else null.
 */
export function useEmailVerificationRequired(user: User | null | undefined): string | null {
  const [email, setEmail] = useState<string | null>(null);

  useEffect(() => {
    const onRequired = (event: Event) => {
      setEmail((event as CustomEvent<EmailVerificationRequiredDetail>).detail?.email ?? '');
    };
    window.addEventListener(EMAIL_VERIFICATION_REQUIRED_EVENT, onRequired);
    return () => window.removeEventListener(EMAIL_VERIFICATION_REQUIRED_EVENT, onRequired);
  }, []);

  useEffect(() => {
    if (needsEmailVerification(user)) raiseEmailVerificationRequired(user.email);
  }, [user]);

  if (email === null) return null;
  return email || user?.email || '';
}
