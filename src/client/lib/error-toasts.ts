import { translate } from '../../shared/i18n/texts.js';
import { vehicleTexts } from '../../shared/vehicles/texts.js';
import { ApiError } from './api-error.js';
import { errorToastTexts } from './error-texts.js';
import { classifyError, type ErrorClass, isAppOnline, messageOf } from './errors.js';

export interface ErrorToastText {
  title: string;
  description: string;
  /** The label of the toast's action button. */
  actionLabel?: string;
}

/** The generic toast of a failure class (spec §8: title; description; action), in the language of the moment. */
export const genericErrorToast = (errorClass: ErrorClass): Required<ErrorToastText> => ({
  ...errorToastTexts.generic[errorClass],
});

/** An English text and, where the app's language is another, its translation: either may be in a message. */
const both = (english: string, shown: string) => (english === shown ? [english] : [english, shown]);

/**
 * Toasts for known failures, matched by a substring of the error message (spec §8), in this order. The spec's
 * generic rule, kept as it is: it reads any failure's words, also the ones the screens word themselves
 * (features/finder/lookups.ts qrLookupError). The server's words are the shared texts it sends, in the
 * language the app asked for (Accept-Language): they are matched in that language, and in English.
 */
export function messageErrorToasts(
  /** A 409: the owner's conflicts (a plate taken, the vehicle limit) are read only for one (decision 0168). */
  isConflict = true,
): ReadonlyArray<{ match: readonly string[] } & ErrorToastText> {
  const t = errorToastTexts;
  return [
    ...(isConflict
      ? [
          {
            match: [vehicleTexts.plateAlreadyRegistered],
            title: t.plateTakenTitle,
            description: t.plateTaken,
          },
        ]
      : []),
    { match: [vehicleTexts.vehicleNotFound], title: t.vehicleNotFoundTitle, description: t.vehicleNotFound },
    {
      match: both('Message failed to send', t.messageFailedMatch),
      title: t.messageFailedTitle,
      description: t.messageFailed,
    },
    {
      // The server's text (shared/messaging/messages.contract.ts), read by its id, as the next one's
      // (features/finder/texts.ts): their modules stay out of the first screen's code.
      match: both('User is blocked', translate('messages.userBlocked', 'User is blocked')),
      title: t.userBlockedTitle,
      description: t.userBlocked,
    },
    {
      match: both('QR code invalid', translate('finder.qrInvalid', 'QR code invalid')),
      title: t.qrInvalidTitle,
      description: t.qrInvalid,
    },
    {
      match: both('Session expired', t.sessionExpiredMatch),
      title: t.generic.AUTHENTICATION.title,
      description: t.generic.AUTHENTICATION.description,
    },
    // Ours (the spec has no vehicle limit): a 409 of another kind would read "Unexpected Error".
    ...(isConflict
      ? [
          {
            match: [vehicleTexts.tooManyVehicles],
            title: t.vehicleLimitTitle,
            description: vehicleTexts.tooManyVehicles,
          },
        ]
      : []),
  ];
}

export interface ClassifiedErrorToast extends ErrorToastText {
  errorClass: ErrorClass;
}

/** The toast for a failure: a message-specific one when its text matches, else the class's generic one. */
export function errorToastFor(error: unknown, isOnline: boolean = isAppOnline()): ClassifiedErrorToast {
  const errorClass = classifyError(error, isOnline);
  const message = messageOf(error).toLowerCase();
  // A text read before its catalogue came is blank, and a blank one is in every message: it matches nothing.
  const isConflict = error instanceof ApiError && error.status === 409;
  const specific = messageErrorToasts(isConflict).find((entry) =>
    entry.match.some((words) => words !== '' && message.includes(words.toLowerCase())),
  );
  if (specific) return { errorClass, title: specific.title, description: specific.description };
  return { errorClass, ...genericErrorToast(errorClass) };
}
