import * as c from '../contract.js';
import { texts } from '../i18n/texts.js';
import { OWNER_STATUS_CODES } from '../messaging/owner-status.js';

/** Texts of the push calls; the spec names none (docs/decisions/0091-web-push.md). */
export const pushTexts = texts('push', {
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
});

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
  /**
   * Shown without sound or vibration: it came in the recipient's quiet hours and is not urgent (issue 33,
   * docs/decisions/0150). The badge counts it all the same. Absent (an older server), or not true: it alerts.
   */
  silent: c.optionalOrDropped(c.boolean),
});
/** A push as the server makes it: without buttons, `actions` is left out; `silent` only when it is. */
export type PushPayload = Omit<c.Infer<typeof pushPayloadSchema>, 'actions' | 'silent'> & {
  actions?: PushAction[];
  silent?: true;
};

// Notification preferences (GET and PUT /api/push/preferences).

/**
 * The owner's notification preferences the server itself must honour: whether a push shows the message's
 * text (issue 10), and whether the owner is e-mailed when neither a live socket nor a push reached them
 * (issue 32, docs/decisions/0145). The rest of the notification preferences live only in the browser's cookie.
 */
export const notificationPreferencesTexts = texts('notificationPreferences', {
  showPreviewsRequired: 'showPreviews must be true or false',
  emailFallbackRequired: 'emailFallback must be true or false',
  /** PUT with none of the preferences. */
  preferenceRequired: 'Send showPreviews, emailFallback or quietHours',
  /** A push's body (and the e-mail's line) when the owner turned previews off. */
  hiddenPreview: 'Open the app to read it.',
  /** The setting, as Settings shows it and the e-mail names it (issue 32's words). */
  emailFallback: "E-mail me when notifications can't reach me",
});

/**
 * Quiet hours (issue 33, docs/decisions/0150-quiet-hours-urgent.md): from `start` to `end` ("HH:MM", 24-hour)
 * in the owner's time zone (IANA, the browser's), a push is delivered silent unless its message is urgent.
 * A range may cross midnight (22:00 to 07:00); start and end the same is refused (it would mean nothing).
 */
export const quietHoursTexts = texts('quietHours', {
  enabledRequired: 'quietHours.enabled must be true or false',
  timeInvalid: 'Quiet hours start and end must be times such as 22:00',
  sameTimes: 'Quiet hours must start and end at different times',
  timeZoneInvalid: 'Unknown time zone',
});

/** Quiet hours as the owner chose them first: off, 22:00 to 07:00 (the example). */
export const DEFAULT_QUIET_HOURS = { enabled: false, start: '22:00', end: '07:00' } as const;

const clockTime = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether this runtime's Intl knows the IANA time zone `zone` (as the browser's resolvedOptions name it). */
export function isKnownTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const time = () =>
  c.check(c.text({ required: quietHoursTexts.timeInvalid }), (value) =>
    clockTime.test(value) ? undefined : quietHoursTexts.timeInvalid,
  );

/** PUT's quietHours: every field, checked; the times must differ. */
const quietHoursRequest = () =>
  c.check(
    c.object({
      enabled: c.withMessage(c.boolean, quietHoursTexts.enabledRequired),
      start: time(),
      end: time(),
      timeZone: c.check(c.text({ required: quietHoursTexts.timeZoneInvalid, trim: true }), (zone) =>
        isKnownTimeZone(zone) ? undefined : quietHoursTexts.timeZoneInvalid,
      ),
    }),
    (value) => (value.start === value.end ? quietHoursTexts.sameTimes : undefined),
  );

/** A switch that may be left out: absent reads as unchanged; anything but true or false (null too) is `problem`. */
const optionalSwitch = (problem: string) =>
  c.check(c.unknown, (value) =>
    value === undefined || typeof value === 'boolean' ? undefined : problem,
  ) as c.Contract<boolean | undefined, boolean | undefined>;

/**
 * PUT /api/push/preferences {showPreviews?, emailFallback?, quietHours?}: any of them, not none; quietHours
 * whole ({enabled, start, end, timeZone}), so that what is saved is always a range that means something.
 */
export const notificationPreferencesRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody(
    { showPreviews: 'boolean', emailFallback: 'boolean' },
    c.check(
      c.object({
        // Null is refused with the same words as a wrong type.
        showPreviews: optionalSwitch(notificationPreferencesTexts.showPreviewsRequired),
        emailFallback: optionalSwitch(notificationPreferencesTexts.emailFallbackRequired),
        quietHours: c.optional(quietHoursRequest()),
      }),
      (value) =>
        value.showPreviews === undefined &&
        value.emailFallback === undefined &&
        value.quietHours === undefined
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
  /** The time zone is null until the owner first saves quiet hours (Settings then shows the browser's). */
  quietHours: c.object({
    enabled: c.boolean,
    start: c.string,
    end: c.string,
    timeZone: c.nullable(c.string),
  }),
});
export type QuietHours = NotificationPreferences['quietHours'];
export type NotificationPreferences = c.Infer<typeof notificationPreferencesResponseSchema>;
