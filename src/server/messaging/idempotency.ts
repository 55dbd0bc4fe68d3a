import { createHash } from 'node:crypto';
import { ErrorCode } from '../../shared/errors.js';
import { messageTexts } from '../../shared/messaging/messages.contract.js';
import { isUniqueViolation } from '../db/index.js';
import { HttpError } from '../errors/http-error.js';

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

/** A request under its sender's Idempotency-Key (none: the request is not idempotent). */
export interface KeyedRequest {
  /** Whose keys: `u:{userId}` or `a:{visitorHash}`. */
  senderKey: string;
  idempotencyKey: string | undefined;
  request: IdempotentRequest;
}

class IdempotencyConflict extends Error {}

interface IdempotencyRepo {
  findIdempotentResponse(
    senderKey: string,
    idempotencyKey: string,
  ): Promise<{ response: string; requestHash: string | null } | undefined>;
  insertIdempotentResponse(
    senderKey: string,
    idempotencyKey: string,
    stored: { requestHash: string; response: string },
    now: number,
  ): Promise<void>;
}

/** Keys and their first answers, kept in the transaction of what they answer. */
export function idempotencyKeys(repo: IdempotencyRepo) {
  /**
   * With an Idempotency-Key: the first answer to it when this is the request it answered (else a 422);
   * undefined when the key is new (or none was sent).
   */
  async function firstAnswer({ senderKey, idempotencyKey, request }: KeyedRequest) {
    if (!idempotencyKey) return undefined;
    return firstAnswerTo(request, await repo.findIdempotentResponse(senderKey, idempotencyKey));
  }

  return {
    firstAnswer,

    /**
     * Stores the key's answer in the transaction `tx` of what it answers; a concurrent request that stored
     * it first makes this one roll back (answerOfConcurrentRetry).
     */
    async remember(tx: IdempotencyRepo, keyed: KeyedRequest, response: () => string, now: number) {
      const { senderKey, idempotencyKey, request } = keyed;
      if (!idempotencyKey) return;
      await tx
        .insertIdempotentResponse(
          senderKey,
          idempotencyKey,
          { requestHash: request.hash, response: response() },
          now,
        )
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? new IdempotencyConflict() : error;
        });
    },

    /**
     * After a failed transaction: when a concurrent request stored its answer to the same key first (this
     * one rolled back on the key), that answer, or a 422 when it was another request; else the error again.
     */
    async answerOfConcurrentRetry(error: unknown, keyed: KeyedRequest): Promise<string> {
      if (!(error instanceof IdempotencyConflict)) throw error;
      const stored = await firstAnswer(keyed);
      if (stored === undefined) throw error;
      return stored;
    },
  };
}
