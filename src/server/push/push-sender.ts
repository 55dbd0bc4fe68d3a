import https from 'node:https';
import webpush from 'web-push';
import { type Clock, systemClock } from '../clock.js';
import type { VapidKeys } from './vapid.js';

/** A VAPID token lives 12 hours here (RFC 8292 allows 24); it is made again an hour before it ends. */
const VAPID_LIFETIME_S = 12 * 3600;
const VAPID_RENEW_BEFORE_S = 3600;
/** ADDENDUM §10: plaintext payloads stay under 3,000 bytes. */
export const PUSH_PAYLOAD_MAX_BYTES = 3000;

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service answered: delivered, gone for good (404/410), worth retrying, or refused. */
export type PushOutcome =
  | { kind: 'sent'; status: number }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; status: number | null; retryAfterMs: number | null }
  | { kind: 'refused'; status: number };

/**
 * Sends encrypted pushes (RFC 8291 aes128gcm, RFC 8292 VAPID) to the push services over https. The
 * VAPID Authorization header is signed once per push-service origin and reused until shortly before it
 * ends. Only endpoints already checked against PUSH_SERVICE_HOSTS reach it.
 */
export function createPushSender(
  keys: () => Promise<VapidKeys>,
  /** ADDENDUM §10: 10 s (config.pushTimeoutMs). */
  timeoutMs: number,
  /**
   * The real time, not the app's injected clock: a token's expiry is judged by the push service's clock
   * (and web-push refuses to sign one ending over 24 hours after the real time). Tests that move the app's
   * clock a day on still push (docs/decisions/0150-quiet-hours-urgent.md).
   */
  clock: Clock = systemClock,
) {
  const vapidByOrigin = new Map<string, { authorization: string; renewAt: number }>();
  const agent = new https.Agent({ keepAlive: true, maxSockets: 32 });

  async function authorizationFor(origin: string): Promise<string> {
    const nowS = Math.floor(clock() / 1000);
    const cached = vapidByOrigin.get(origin);
    if (cached && cached.renewAt > nowS) return cached.authorization;
    const expiresAt = nowS + VAPID_LIFETIME_S;
    const { subject, publicKey, privateKey } = await keys();
    const headers = webpush.getVapidHeaders(origin, subject, publicKey, privateKey, 'aes128gcm', expiresAt);
    vapidByOrigin.set(origin, {
      authorization: headers.Authorization,
      renewAt: expiresAt - VAPID_RENEW_BEFORE_S,
    });
    return headers.Authorization;
  }

  return {
    async send(
      target: PushTarget,
      payload: string,
      options: { ttlSeconds: number; urgency: PushUrgency; topic?: string },
    ): Promise<PushOutcome> {
      if (Buffer.byteLength(payload) >= PUSH_PAYLOAD_MAX_BYTES) throw new Error('Push payload too large');
      const url = new URL(target.endpoint);
      const { cipherText } = webpush.encrypt(target.p256dh, target.auth, payload, 'aes128gcm');
      const headers: Record<string, string | number> = {
        Authorization: await authorizationFor(url.origin),
        'Content-Type': 'application/octet-stream',
        'Content-Encoding': 'aes128gcm',
        'Content-Length': cipherText.length,
        TTL: Math.max(0, Math.min(24 * 3600, Math.floor(options.ttlSeconds))),
        Urgency: options.urgency,
        ...(options.topic ? { Topic: options.topic } : {}),
      };
      return new Promise<PushOutcome>((resolve) => {
        const request = https.request(
          url,
          { method: 'POST', headers, agent, timeout: timeoutMs },
          (response) => {
            response.resume();
            const status = response.statusCode ?? 0;
            response.on('end', () => resolve(outcomeOf(status, response.headers['retry-after'])));
            response.on('error', () => resolve({ kind: 'retry', status, retryAfterMs: null }));
          },
        );
        request.on('timeout', () => request.destroy(new Error('Push service timed out')));
        request.on('error', () => resolve({ kind: 'retry', status: null, retryAfterMs: null }));
        request.end(cipherText);
      });
    },
    close() {
      agent.destroy();
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;

function outcomeOf(status: number, retryAfter: string | string[] | undefined): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent', status };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  if (status === 429 || status >= 500) {
    const seconds = Number(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter);
    return {
      kind: 'retry',
      status,
      retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null,
    };
  }
  return { kind: 'refused', status };
}
