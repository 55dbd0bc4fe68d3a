import * as c from './contract.js';

/** The body every failed /api call answers with. */
export interface ApiErrorBody {
  message: string;
  code?: ErrorCode;
  /** Present with EMAIL_VERIFICATION_REQUIRED: the address the link was sent to. */
  email?: string;
}

export const ErrorCode = {
  emailVerificationRequired: 'EMAIL_VERIFICATION_REQUIRED',
  validation: 'VALIDATION_ERROR',
  invalidCredentials: 'INVALID_CREDENTIALS',
  invalidToken: 'INVALID_TOKEN',
  plateTaken: 'PLATE_TAKEN',
  vehicleLimit: 'VEHICLE_LIMIT',
  unauthorized: 'UNAUTHORIZED',
  notFound: 'NOT_FOUND',
  rateLimited: 'RATE_LIMITED',
  foreignOrigin: 'FOREIGN_ORIGIN',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
  userBlocked: 'USER_BLOCKED',
  messagesPaused: 'MESSAGES_PAUSED',
  verifiedSendersOnly: 'VERIFIED_SENDERS_ONLY',
  ownVehicle: 'OWN_VEHICLE',
  pushServiceNotAllowed: 'PUSH_SERVICE_NOT_ALLOWED',
  noPushSubscription: 'NO_PUSH_SUBSCRIPTION',
  pushEndpointTaken: 'PUSH_ENDPOINT_TAKEN',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  notifyAgainTooEarly: 'NOTIFY_AGAIN_TOO_EARLY',
  notifyAgainUsed: 'NOTIFY_AGAIN_USED',
  freshSignInRequired: 'FRESH_SIGN_IN_REQUIRED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * A failed answer's body as the client reads it. It may not be ours (a proxy's error page, an older
 * server), so each field is kept only when it is of our kind.
 */
export const apiErrorBodySchema = c.object({
  message: c.optionalOrDropped(c.string),
  code: c.optionalOrDropped(c.oneOf(Object.values(ErrorCode))),
  email: c.optionalOrDropped(c.string),
}) satisfies c.Contract<Partial<ApiErrorBody>>;
