import { texts } from '../../shared/i18n/texts.js';

/** Texts of the error toasts (spec §8: title; description; action), kept once, here. */
export const errorToastTexts = texts('errorToasts', {
  // The title of every toast and screen saying a vehicle is not there (spec §2 Home, Vehicle Theme; §8).
  vehicleNotFoundTitle: 'Vehicle Not Found',
  generic: {
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
  },
  // Spec §8 message-specific toasts.
  plateTakenTitle: 'License Plate Already Registered',
  plateTaken: 'Each license plate can only be registered once.',
  vehicleNotFound: 'This QR code or license plate is not registered, or the vehicle is inactive.',
  messageFailedMatch: 'Message failed to send',
  messageFailedTitle: 'Message Failed to Send',
  messageFailed: 'The owner may have blocked messages or there was a connection issue.',
  userBlockedTitle: 'User Blocked',
  userBlocked: 'This user has blocked messages from your account.',
  qrInvalidTitle: 'Invalid QR Code',
  qrInvalid: "This is not a valid vehicle QR code. Check you're scanning the right one.",
  sessionExpiredMatch: 'Session expired',
  // Ours (the spec has no vehicle limit).
  vehicleLimitTitle: 'Vehicle Limit Reached',
});
