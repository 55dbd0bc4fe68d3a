import { ErrorCode } from '../../../shared/errors.js';
import { ApiError } from '../../lib/api-error.js';
import { isEmailVerificationRequired } from '../../lib/email-verification-event.js';
import { handleApiError } from '../../lib/handle-error.js';
import { toast } from '../../lib/toast.js';
import { vehicleFailureTexts } from './failure-texts.js';

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

/**
 * The server refused the plate: another active vehicle has it. Told by the code (src/shared/errors.ts), not
 * the words: we own both sides, and the code is the contract.
 */
const isPlateTaken = (error: unknown) => error instanceof ApiError && error.code === ErrorCode.plateTaken;

/**
 * Spec §8: a refused reactivation names the plate conflict; anything else is the generic text. The spec finds
 * the conflict by the server's message ("Cannot reactivate vehicle"), which our server sends with PLATE_TAKEN.
 */
export function reactivationFailureText(error: unknown): string {
  return isPlateTaken(error)
    ? vehicleFailureTexts.reactivationPlateTaken
    : vehicleFailureTexts.reactivationFailed;
}

/**
 * A plate conflict on register or edit: the shared handler shows it, with the message-specific toast of
 * spec §8 (License Plate Already Registered).
 */
export const isPlateConflict = isPlateTaken;
