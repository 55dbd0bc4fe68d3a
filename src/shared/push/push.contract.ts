import * as c from '../contract.js';
import { OWNER_STATUS_CODES } from '../messaging/owner-status.js';

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

/** Text that must be there, trimmed. */
const requiredText = (required: string) => c.text({ required, trim: true });

const endpoint = () =>
  c.check(
    requiredText(pushTexts.endpointRequired),
    c.maxLength(PUSH_ENDPOINT_MAX, pushTexts.endpointInvalid),
    (value) => {
      try {
        return new URL(value).protocol === 'https:' ? undefined : pushTexts.endpointInvalid;
      } catch {
        return pushTexts.endpointInvalid;
      }
    },
  );

/** A base64url key of `bytes` bytes once decoded. */
const key = (bytes: number) =>
  c.check(requiredText(pushTexts.keysInvalid), (value) =>
    base64url.test(value) && decodedLength(value) === bytes ? undefined : pushTexts.keysInvalid,
  );

/** POST /api/push/subscribe (spec §7): the browser's subscription, flat. */
export const subscribeRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody(
    { endpoint: 'text', p256dh: 'text', auth: 'text' },
    c.object({
      endpoint: endpoint(),
      // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url (RFC 8291).
      p256dh: key(65),
      auth: key(16),
    }),
  ),
);
export type SubscribeRequest = c.Input<typeof subscribeRequestSchema>;

/**
 * GET /api/push/check-renewal: with `?endpoint=`, whether this browser's own subscription must be made again
 * (another browser of the account may hold a current one); without, whether the account has none (spec §7).
 */
export const renewalQuerySchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody({ endpoint: 'text' }, c.object({ endpoint: c.optional(endpoint()) })),
);

/** POST /api/push/unsubscribe. */
export const unsubscribeRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody({ endpoint: 'text' }, c.object({ endpoint: endpoint() })),
);

/** Optional text, trimmed, at most `max` characters; none or empty is `fallback`. */
const textOr = (fallback: string, max: number, tooLong: string) =>
  c.map(c.optional(c.check(c.text({ trim: true }), c.maxLength(max, tooLong))), (value) => value || fallback);

/** POST /api/push/test {title, body}. */
export const pushTestRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody(
    { title: 'text', body: 'text' },
    c.object({
      title: textOr(pushTexts.testTitle, 100, pushTexts.titleTooLong),
      body: textOr(pushTexts.testBody, 300, pushTexts.bodyTooLong),
    }),
  ),
);

export const vapidPublicKeyResponseSchema = c.object({ publicKey: c.string });
export const pushStatusResponseSchema = c.object({ isSubscribed: c.boolean });
export const pushRenewalResponseSchema = c.object({ renewalRequired: c.boolean });

/** A button of a notification: one of the owner's one-tap answers, by its code, with its words. */
const pushActionSchema = c.object({ action: c.oneOf(OWNER_STATUS_CODES), title: c.nonEmptyString });
export type PushAction = c.Infer<typeof pushActionSchema>;

/**
 * What a push carries to the service worker (under 3,000 bytes, ADDENDUM §10): what to show and where a
 * click goes. Never who wrote: the vehicle written to and a preview of the text. The server's presenter
 * makes it and the worker reads it with this contract (src/client/service-worker/notification.ts).
 */
export const pushPayloadSchema = c.object({
  title: c.nonEmptyString,
  body: c.string,
  /** Notifications of one conversation replace each other. */
  tag: c.nonEmptyString,
  /** A path of the app; the worker opens nothing else. */
  url: c.string,
  conversationId: c.nullable(c.string),
  /** The recipient's unread messages, for the app badge; null leaves the badge alone. */
  unreadCount: c.nullable(c.int(0)),
  /**
   * The buttons of the notification, most useful first (the browser shows as many as it can): the owner's
   * one-tap answers, only to the owner of the vehicle written to (issue 32). `action` is the answer's code,
   * which the worker posts to the conversation's status without opening the app. None, or a list of another
   * shape (a newer server), shows no buttons.
   */
  actions: c.optionalOrDropped(c.array(pushActionSchema)),
});
/** A push as the server makes it: without buttons, `actions` is left out. */
export type PushPayload = Omit<c.Infer<typeof pushPayloadSchema>, 'actions'> & { actions?: PushAction[] };

// Notification preferences (GET and PUT /api/push/preferences).

/**
 * The owner's notification preferences the server itself must honour: whether a push shows the message's
 * text (issue 10), and whether the owner is e-mailed when neither a live socket nor a push reached them
 * (issue 32, docs/decisions/0145). The rest of the notification preferences live only in the browser's cookie.
 */
export const notificationPreferencesTexts = {
  showPreviewsRequired: 'showPreviews must be true or false',
  emailFallbackRequired: 'emailFallback must be true or false',
  /** PUT with neither switch. */
  preferenceRequired: 'Send showPreviews, emailFallback or both, each true or false',
  /** A push's body (and the e-mail's line) when the owner turned previews off. */
  hiddenPreview: 'Open the app to read it.',
  /** The setting, as Settings shows it and the e-mail names it (issue 32's words). */
  emailFallback: "E-mail me when notifications can't reach me",
} as const;

/** A switch that may be left out: absent reads as unchanged; anything but true or false (null too) is `problem`. */
const optionalSwitch = (problem: string) =>
  c.check(c.unknown, (value) =>
    value === undefined || typeof value === 'boolean' ? undefined : problem,
  ) as c.Contract<boolean | undefined, boolean | undefined>;

/** PUT /api/push/preferences {showPreviews?, emailFallback?}: either switch, or both; not neither. */
export const notificationPreferencesRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody(
    { showPreviews: 'boolean', emailFallback: 'boolean' },
    c.check(
      c.object({
        // Null is refused with the same words as a wrong type.
        showPreviews: optionalSwitch(notificationPreferencesTexts.showPreviewsRequired),
        emailFallback: optionalSwitch(notificationPreferencesTexts.emailFallbackRequired),
      }),
      (value) =>
        value.showPreviews === undefined && value.emailFallback === undefined
          ? notificationPreferencesTexts.preferenceRequired
          : undefined,
    ),
  ),
);
export type NotificationPreferencesRequest = c.Input<typeof notificationPreferencesRequestSchema>;

/** GET and PUT /api/push/preferences answer the preferences now in force. */
export const notificationPreferencesResponseSchema = c.object({
  showPreviews: c.boolean,
  emailFallback: c.boolean,
});
export type NotificationPreferences = c.Infer<typeof notificationPreferencesResponseSchema>;
