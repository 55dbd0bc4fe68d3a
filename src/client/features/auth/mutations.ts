import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  type AuthResult,
  authResultSchema,
  authTexts,
  type EmailRequest,
  type LoginRequest,
  messageResultSchema,
  type RegisterRequest,
  type ResetPasswordRequest,
} from '../../../shared/auth/auth.contract.js';
import { safeReturnPath } from '../../../shared/return-path.js';
import { apiRequest } from '../../lib/api.js';
import { serverMessage } from '../../lib/api-error.js';
import { queryClient } from '../../lib/query-client.js';
import { queryKeys } from '../../lib/query-keys.js';
import { RETURN_PARAM } from '../../lib/relogin.js';
import { noteSignOutRequested } from '../../lib/session-changes.js';
import { toast } from '../../lib/toast.js';
import { markLoggedOut } from './logged-out-notice.js';
import { noteSignIn } from './remember-me.js';
import { authScreenTexts } from './texts.js';

/** A screen's failure toast: the server's message when it answered with one, else the screen's own text. */
function showFailure(title: string, error: unknown, fallback: string): void {
  toast({ title, description: serverMessage(error) ?? fallback, variant: 'destructive' });
}

/**
 * After signing in or up: refresh the user, then go home (spec §4 Session), or back to where the user came
 * from when the form was opened with `next` (a finder signing in from Vehicle found, issue 31). The new
 * account empties the cache (lib/session-changes.ts). The next screen replaces /auth in the history, so Back
 * does not return to the form.
 */
function useSignedInFlow(title: string) {
  const [, navigate] = useLocation();
  return async (result: AuthResult) => {
    // Read before the session changes: the signed-in routes then send /auth itself to /.
    const next = safeReturnPath(new URLSearchParams(window.location.search).get(RETURN_PARAM));
    toast({ title, description: result.emailVerificationRequired ? authTexts.verificationSent : undefined });
    await queryClient.refetchQueries({ queryKey: queryKeys.user });
    navigate(next ?? '/', { replace: true });
  };
}

export function useLogin() {
  const onSignedIn = useSignedInFlow(authTexts.welcomeBack);
  return useMutation({
    mutationFn: (request: LoginRequest) =>
      apiRequest('POST', '/api/auth/login', request, { response: authResultSchema }),
    onSuccess: (result, request) => {
      noteSignIn(request.email, request.rememberMe === true);
      return onSignedIn(result);
    },
    onError: (error) => showFailure(authScreenTexts.loginFailed, error, authTexts.invalidLogin),
  });
}

export function useRegister() {
  const onSignedUp = useSignedInFlow(authScreenTexts.accountCreated);
  return useMutation({
    mutationFn: (request: RegisterRequest) =>
      apiRequest('POST', '/api/auth/register', request, { response: authResultSchema }),
    onSuccess: onSignedUp,
    onError: (error) =>
      showFailure(authScreenTexts.registrationFailed, error, authScreenTexts.registrationFailedFallback),
  });
}

/** Signs out, then leaves for / with a full load, also when the call failed. */
export function useLogout() {
  return useMutation({
    // Losing the session from here on is the user's wish, not an expiry to announce.
    onMutate: noteSignOutRequested,
    mutationFn: () => apiRequest('POST', '/api/auth/logout', undefined, { response: messageResultSchema }),
    onSuccess: markLoggedOut,
    onSettled: () => window.location.assign('/'),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (request: EmailRequest) =>
      apiRequest('POST', '/api/auth/forgot-password', request, { response: messageResultSchema }),
    // Deliberately neutral: the same words whether or not the account exists.
    onSuccess: () =>
      toast({ title: authScreenTexts.resetEmailSentTitle, description: authTexts.forgotPasswordSent }),
    // Failures show inside the dialog: a modal dialog hides the toasts from assistive technology.
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (request: ResetPasswordRequest) =>
      apiRequest('POST', '/api/auth/reset-password', request, { response: messageResultSchema }),
    onError: (error) => showFailure(authScreenTexts.resetFailed, error, authScreenTexts.resetFailedFallback),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (request: EmailRequest) =>
      apiRequest('POST', '/api/auth/resend-verification', request, { response: messageResultSchema }),
    onSuccess: () => toast({ title: authScreenTexts.resendSent, description: authTexts.verificationSent }),
    onError: (error) =>
      showFailure(authScreenTexts.resendFailed, error, authScreenTexts.resendFailedFallback),
  });
}
