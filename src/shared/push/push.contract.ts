import * as z from 'zod/mini';
import * as c from '../contract.js';
import { checked, requestBody } from '../request-fields.js';

/** Texts of the push calls; the spec names none (docs/decisions/0091-web-push.md). */
export const pushTexts = {
  endpointRequired: 'endpoint is required',
  endpointInvalid: 'endpoint must be an https URL',
  endpointNotAllowed: 'This push service is not supported',
  endpointTaken: 'This push subscription belongs to another account',
  keysInvalid: 'p256dh and auth must be the subscription’s keys',
  subscribed: 'Subscribed to push notifications',
  unsubscribed: 'Unsubscribed from push notifications',
  noSubscription: 'No push subscription',
  testSent: 'Test notification sent',
  testFailed: 'Test notification failed',
  titleTooLong: 'Title must be at most 100 characters',
  bodyTooLong: 'Body must be at most 300 characters',
  testTitle: 'Test notification',
  testBody: 'Push notifications work on this device.',
} as const;

/** Endpoints are URLs the push service made; browsers' are well under this. */
export const PUSH_ENDPOINT_MAX = 2048;

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;
/** How many bytes a base64url text decodes to (padding allowed). */
const decodedLength = (text: string) => Math.floor((text.replace(/=+$/, '').length * 3) / 4);

/* @__NO_SIDE_EFFECTS__ */
const text = (required: string) =>
  z.pipe(
    z.pipe(
      z.nullish(z.string()),
      z.transform((value: string | null | undefined) => value?.trim() ?? ''),
    ),
    checked(z.string(), z.minLength(1, required)),
  );

const endpoint = () =>
  checked(
    z.pipe(
      text(pushTexts.endpointRequired),
      checked(z.string(), z.maxLength(PUSH_ENDPOINT_MAX, pushTexts.endpointInvalid)),
    ),
    z.refine((value: string) => {
      try {
        return new URL(value).protocol === 'https:';
      } catch {
        return false;
      }
    }, pushTexts.endpointInvalid),
  );

/** A base64url key of `bytes` bytes once decoded. */
const key = (bytes: number) =>
  checked(
    text(pushTexts.keysInvalid),
    z.refine(
      (value: string) => base64url.test(value) && decodedLength(value) === bytes,
      pushTexts.keysInvalid,
    ),
  );

const subscriptionFields = () =>
  z.object({
    endpoint: endpoint(),
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url (RFC 8291).
    p256dh: key(65),
    auth: key(16),
  });

/** POST /api/push/subscribe (spec §7): the browser's subscription, flat. */
export const subscribeRequestSchema = /* @__PURE__ */ z.lazy(() =>
  requestBody({ endpoint: 'text', p256dh: 'text', auth: 'text' }, subscriptionFields()),
);
export type SubscribeRequest = z.input<ReturnType<typeof subscriptionFields>>;

/**
 * GET /api/push/check-renewal: with `?endpoint=`, whether this browser's own subscription must be made again
 * (another browser of the account may hold a current one); without, whether the account has none (spec §7).
 */
export const renewalQuerySchema = /* @__PURE__ */ z.lazy(() =>
  requestBody({ endpoint: 'text' }, z.object({ endpoint: z.optional(endpoint()) })),
);

/** POST /api/push/unsubscribe. */
export const unsubscribeRequestSchema = /* @__PURE__ */ z.lazy(() =>
  requestBody({ endpoint: 'text' }, z.object({ endpoint: endpoint() })),
);

const testFields = () =>
  z.object({
    title: z.pipe(
      z.pipe(
        z.nullish(z.string()),
        z.transform((value: string | null | undefined) => value?.trim() || pushTexts.testTitle),
      ),
      checked(z.string(), z.maxLength(100, pushTexts.titleTooLong)),
    ),
    body: z.pipe(
      z.pipe(
        z.nullish(z.string()),
        z.transform((value: string | null | undefined) => value?.trim() || pushTexts.testBody),
      ),
      checked(z.string(), z.maxLength(300, pushTexts.bodyTooLong)),
    ),
  });
/** POST /api/push/test {title, body}. */
export const pushTestRequestSchema = /* @__PURE__ */ z.lazy(() =>
  requestBody({ title: 'text', body: 'text' }, testFields()),
);

export const vapidPublicKeyResponseSchema = c.object({ publicKey: c.string });
export const pushStatusResponseSchema = c.object({ isSubscribed: c.boolean });
export const pushRenewalResponseSchema = c.object({ renewalRequired: c.boolean });

/**
 * What a push carries to the service worker (under 3,000 bytes, ADDENDUM §10): what to show and where a
 * click goes. Never who wrote: the vehicle written to and a preview of the text.
 */
export const pushPayloadSchema = c.object({
  title: c.string,
  body: c.string,
  /** Notifications of one conversation replace each other. */
  tag: c.string,
  url: c.string,
  conversationId: c.nullable(c.string),
  unreadCount: c.nullable(c.int()),
});
export type PushPayload = c.Infer<typeof pushPayloadSchema>;
