import { ApiError } from '../../lib/api-error.js';
import { isEmailVerificationRequired } from '../../lib/email-verification-event.js';
import { handleApiError } from '../../lib/handle-error.js';
import { toast } from '../../lib/toast.js';
import { vehicleScreenTexts } from './texts.js';

/** Failures the shared handler answers whatever the screen says: the session is gone, or the email is unverified. */
export function isSessionFailure(error: unknown): boolean {
  return (error instanceof ApiError && error.status === 401) || isEmailVerificationRequired(error);
}

/**
 * A screen's own failure toast (spec §8 Screen-level errors), except for session failures, which go to the
 * shared handler so the user is signed in again (or sees the verification screen).
 */
export function showVehicleFailure(
  error: unknown,
  context: string,
  title: string,
  description: string,
): void {
  if (isSessionFailure(error)) {
    handleApiError(error, { context });
    return;
  }
  console.warn(`Failed during ${context}:`, error);
  toast({ title, description, variant: 'destructive' });
}

/** Spec §8: a refused reactivation names the plate conflict; anything else is the generic text. */
export function reactivationFailureText(error: unknown): string {
  return error instanceof Error && error.message.includes('Cannot reactivate vehicle')
    ? vehicleScreenTexts.reactivationPlateTaken
    : vehicleScreenTexts.reactivationFailed;
}

/** The plate conflict has its own message-specific toast (spec §8), shown by the shared handler. */
export function isPlateConflict(error: unknown): boolean {
  return error instanceof Error && error.message.toLowerCase().includes('license plate already registered');
}
