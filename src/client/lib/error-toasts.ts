import { vehicleTexts } from '../../shared/vehicles/texts.js';
import { classifyError, type ErrorClass, isAppOnline, messageOf } from './errors.js';

/** The title of every toast and screen saying a vehicle is not there (spec §2 Home, Vehicle Theme; §8). */
export const vehicleNotFoundTitle = 'Vehicle Not Found';

export interface ErrorToastText {
  title: string;
  description: string;
  /** The label of the toast's action button. */
  actionLabel?: string;
}

/** Generic toasts per failure class (spec §8: title; description; action). */
export const genericErrorToasts: Record<ErrorClass, Required<ErrorToastText>> = {
  NETWORK: {
    title: 'Connection Problem',
    description: 'Please check your internet connection and try again.',
    actionLabel: 'Retry',
  },
  AUTHENTICATION: {
    title: 'Session Expired',
    description: "You'll be logged back in automatically.",
    actionLabel: 'Login Again',
  },
  VALIDATION: {
    title: 'Invalid Information',
    description: 'Please check what you entered and try again.',
    actionLabel: 'Fix & Retry',
  },
  NOT_FOUND: {
    title: 'Not Found',
    description: "The information you're looking for doesn't exist or has been removed.",
    actionLabel: 'Go Back',
  },
  PERMISSION: {
    title: 'Access Denied',
    description: "You don't have permission for this action.",
    actionLabel: 'Contact Support',
  },
  SERVER: {
    title: 'Something Went Wrong',
    description: 'This is a temporary server issue. Please try again in a moment.',
    actionLabel: 'Try Again',
  },
  RATE_LIMIT: {
    title: 'Too Many Requests',
    description: 'Please wait a moment before trying again.',
    actionLabel: 'Wait & Retry',
  },
  OFFLINE: {
    title: "You're Offline",
    description: 'Some features may not work until you reconnect',
    actionLabel: 'Retry When Online',
  },
  UNKNOWN: {
    title: 'Unexpected Error',
    description: 'Please contact support if this continues.',
    actionLabel: 'Try Again',
  },
};

/**
 * Toasts for known failures, matched by a substring of the error message (spec §8), in this order. The spec's
 * generic rule, kept as it is: it reads any failure's words, also the ones the screens word themselves
 * (features/finder/lookups.ts qrLookupError). The server's words are the shared texts it sends.
 */
export const messageErrorToasts: ReadonlyArray<{ match: string } & ErrorToastText> = [
  {
    match: vehicleTexts.plateAlreadyRegistered,
    title: 'License Plate Already Registered',
    description: 'Each license plate can only be registered once.',
  },
  {
    match: vehicleTexts.vehicleNotFound,
    title: vehicleNotFoundTitle,
    description: 'This QR code or license plate is not registered, or the vehicle is inactive.',
  },
  {
    match: 'Message failed to send',
    title: 'Message Failed to Send',
    description: 'The owner may have blocked messages or there was a connection issue.',
  },
  {
    match: 'User is blocked',
    title: 'User Blocked',
    description: 'This user has blocked messages from your account.',
  },
  {
    match: 'QR code invalid',
    title: 'Invalid QR Code',
    description: "This is not a valid vehicle QR code. Check you're scanning the right one.",
  },
  {
    match: 'Session expired',
    title: 'Session Expired',
    description: "You'll be logged back in automatically.",
  },
  // Ours (the spec has no vehicle limit): a 409 of another kind would read "Unexpected Error".
  {
    match: vehicleTexts.tooManyVehicles,
    title: 'Vehicle Limit Reached',
    description: vehicleTexts.tooManyVehicles,
  },
];

export interface ClassifiedErrorToast extends ErrorToastText {
  errorClass: ErrorClass;
}

/** The toast for a failure: a message-specific one when its text matches, else the class's generic one. */
export function errorToastFor(error: unknown, isOnline: boolean = isAppOnline()): ClassifiedErrorToast {
  const errorClass = classifyError(error, isOnline);
  const message = messageOf(error).toLowerCase();
  const specific = messageErrorToasts.find((entry) => message.includes(entry.match.toLowerCase()));
  if (specific) return { errorClass, title: specific.title, description: specific.description };
  return { errorClass, ...genericErrorToasts[errorClass] };
}
