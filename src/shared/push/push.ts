import { z } from 'zod';
import { requestBody } from '../request-fields.js';

/** Texts of the push calls; the spec names none (docs/decisions/0091-web-push.md). */
export const pushTexts = {
  endpointRequired: 'endpoint is required',
  endpointInvalid: 'endpoint must be an https URL',
  endpointNotAllowed: 'This push service is not supported',
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

const text = (required: string) =>
  z
    .string()
    .nullish()
    .transform((value) => value?.trim() ?? '')
    .pipe(z.string().min(1, required));

const endpoint = text(pushTexts.endpointRequired)
  .pipe(z.string().max(PUSH_ENDPOINT_MAX, pushTexts.endpointInvalid))
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, pushTexts.endpointInvalid);

const subscriptionFields = z.object({
  endpoint,
  // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url (RFC 8291).
  p256dh: text(pushTexts.keysInvalid).refine(
    (value) => base64url.test(value) && decodedLength(value) === 65,
    pushTexts.keysInvalid,
  ),
  auth: text(pushTexts.keysInvalid).refine(
    (value) => base64url.test(value) && decodedLength(value) === 16,
    pushTexts.keysInvalid,
  ),
});

/** POST /api/push/subscribe (spec §7): the browser's subscription, flat. */
export const subscribeRequestSchema = requestBody(
  { endpoint: 'text', p256dh: 'text', auth: 'text' },
  subscriptionFields,
);
export type SubscribeRequest = z.input<typeof subscriptionFields>;

/** POST /api/push/unsubscribe. */
export const unsubscribeRequestSchema = requestBody({ endpoint: 'text' }, z.object({ endpoint }));

const testFields = z.object({
  title: z
    .string()
    .nullish()
    .transform((value) => value?.trim() || pushTexts.testTitle)
    .pipe(z.string().max(100, pushTexts.titleTooLong)),
  body: z
    .string()
    .nullish()
    .transform((value) => value?.trim() || pushTexts.testBody)
    .pipe(z.string().max(300, pushTexts.bodyTooLong)),
});
/** POST /api/push/test {title, body}. */
export const pushTestRequestSchema = requestBody({ title: 'text', body: 'text' }, testFields);

export const vapidPublicKeyResponseSchema = z.object({ publicKey: z.string() });
export const pushStatusResponseSchema = z.object({ isSubscribed: z.boolean() });
export const pushRenewalResponseSchema = z.object({ renewalRequired: z.boolean() });

/**
 * What a push carries to the service worker (under 3,000 bytes, ADDENDUM §10): what to show and where a
 * click goes. Never who wrote: the vehicle written to and a preview of the text.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Notifications of one conversation replace each other. */
  tag: z.string(),
  url: z.string(),
  conversationId: z.string().nullable(),
  unreadCount: z.number().int().nullable(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
