import { createHash } from 'node:crypto';
import { ErrorCode } from '../../shared/errors.js';
import { messageTexts } from '../../shared/messaging/messages.js';
import { HttpError } from '../plugins/errors.js';

/** The operations that take an Idempotency-Key. A sender's keys are one namespace across them. */
export type IdempotentOperation = 'POST /api/messages/anonymous' | 'POST /api/conversations/{id}/messages';

/** A request as its key remembers it: its operation and a fingerprint of what it asks. */
export interface IdempotentRequest {
  readonly operation: IdempotentOperation;
  readonly hash: string;
}

/**
 * The fingerprint of a request: SHA-256 of its operation and the parsed values that decide what it does
 * (so a retry that differs only in spacing or in field order is the same request).
 */
export function idempotentRequest(
  operation: IdempotentOperation,
  values: ReadonlyArray<string | null>,
): IdempotentRequest {
  let hash: string | undefined;
  return {
    operation,
    // Worked out when a key asks for it: most requests carry none.
    get hash() {
      hash ??= createHash('sha256')
        .update(JSON.stringify([operation, ...values]))
        .digest('base64url');
      return hash;
    },
  };
}

/**
 * The first answer to the key when `request` is the request it answered; undefined when the key is new.
 * The key with another request is refused with 422, as the IETF Idempotency-Key draft says: answering the
 * first result would tell the client its second request was done. Rows stored before fingerprints were kept
 * (requestHash null) all answered anonymous messages, and keep answering those (decision 0126).
 */
export function firstAnswerTo(
  request: IdempotentRequest,
  stored: { response: string; requestHash: string | null } | undefined,
): string | undefined {
  if (stored === undefined) return undefined;
  const isSameRequest =
    stored.requestHash === null
      ? request.operation === 'POST /api/messages/anonymous'
      : stored.requestHash === request.hash;
  if (!isSameRequest) {
    throw new HttpError(422, messageTexts.idempotencyKeyReused, { code: ErrorCode.idempotencyKeyReused });
  }
  return stored.response;
}
