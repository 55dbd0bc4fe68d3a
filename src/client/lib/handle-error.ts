import { isEmailVerificationRequired } from './email-verification-event.js';
import { errorToastFor } from './error-toasts.js';
import { ErrorClass, isRetryable, needsRelogin } from './errors.js';
import { RELOGIN_AFTER_AUTH_ERROR_DELAY_MS, relogin, scheduleRelogin } from './relogin.js';
import { toast } from './toast.js';

interface HandleErrorOptions {
  /** What the user was doing, for the log line (e.g. "QR code scanning"). */
  context?: string;
  /** Runs when the user presses the action of a retryable failure; without it the action just closes the toast. */
  onRetry?: () => void;
}

function actionFor(errorClass: ErrorClass, onRetry: (() => void) | undefined): () => void {
  // Pressed by the user, so also after a 403: they asked to sign in again.
  if (errorClass === ErrorClass.authentication) return () => void relogin();
  if (errorClass === ErrorClass.notFound) return () => window.history.back();
  if (errorClass === ErrorClass.permission) return () => window.location.assign('/help');
  if (isRetryable(errorClass) && onRetry) return onRetry;
  return () => {};
}

/**
 * The shared error handler of spec §8: a destructive toast, and a re-login 1 s after an authentication error
 * that means the session is gone (a 401 or "Session expired"; never a 403, see needsRelogin).
 */
export function handleApiError(error: unknown, options: HandleErrorOptions = {}): void {
  // The email verification screen answers this one (the API client raised its event).
  if (isEmailVerificationRequired(error)) return;
  console.warn(options.context ? `Failed during ${options.context}:` : 'Request failed:', error);

  const { errorClass, title, description, actionLabel } = errorToastFor(error);
  toast({
    title,
    description,
    variant: 'destructive',
    action: actionLabel ? { label: actionLabel, onClick: actionFor(errorClass, options.onRetry) } : undefined,
  });
  if (errorClass === ErrorClass.authentication && needsRelogin(error)) {
    scheduleRelogin(RELOGIN_AFTER_AUTH_ERROR_DELAY_MS);
  }
}
