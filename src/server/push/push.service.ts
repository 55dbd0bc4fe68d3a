import { randomUUID } from 'node:crypto';
import { ErrorCode } from '../../shared/errors.js';
import {
  type NotificationPreferences,
  type PushPayload,
  pushTexts,
} from '../../shared/push/push.contract.js';
import type { Clock } from '../clock.js';
import { HttpError } from '../errors/http-error.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { rateLimits } from '../rate-limit/rules.js';
import { mailsFallback, type PushRepo, showsPreviews } from './push.repo.js';
import { isAllowedPushEndpoint } from './push-hosts.js';
import type { PushSender } from './push-sender.js';
import { quietHoursOf } from './quiet-hours.js';
import type { VapidKeys } from './vapid.js';

/** A user keeps this many browsers subscribed at most; subscribing another drops the oldest. */
export const SUBSCRIPTIONS_PER_USER = 10;

type StoredPreferences = Awaited<ReturnType<PushRepo['findNotificationPreferences']>>;
type NotificationPreferencesInput = Parameters<PushRepo['saveNotificationPreferences']>[1];

const present = (stored: StoredPreferences): NotificationPreferences => ({
  showPreviews: showsPreviews(stored),
  emailFallback: mailsFallback(stored),
  quietHours: quietHoursOf(stored),
});

export interface PushServiceDeps {
  repo: PushRepo;
  keys: () => Promise<VapidKeys>;
  sender: PushSender;
  limiter: RateLimiter;
  clock: Clock;
  pushServiceHosts: readonly string[];
}

export function createPushService(deps: PushServiceDeps) {
  const { repo, keys, sender, limiter, clock } = deps;

  const checkEndpoint = (endpoint: string) => {
    if (!isAllowedPushEndpoint(endpoint, deps.pushServiceHosts)) {
      throw new HttpError(400, pushTexts.endpointNotAllowed, { code: ErrorCode.pushServiceNotAllowed });
    }
  };
  const current = async (userId: string) => {
    const { publicKey } = await keys();
    return (await repo.listSubscriptionsOf(userId)).filter((row) => row.vapidPublicKey === publicKey);
  };

  return {
    publicKey: async () => (await keys()).publicKey,

    /**
     * The preferences the server honours for this user: its pushes' previews, the e-mail fallback, and the
     * quiet hours in which its pushes are silent.
     */
    async preferences(userId: string): Promise<NotificationPreferences> {
      return present(await repo.findNotificationPreferences(userId));
    },

    /** Saves the preferences given; answers all of them as they now are. */
    async savePreferences(
      userId: string,
      changes: NotificationPreferencesInput,
    ): Promise<NotificationPreferences> {
      return present(await repo.saveNotificationPreferences(userId, changes, clock()));
    },

    async subscribe(userId: string, input: { endpoint: string; p256dh: string; auth: string }) {
      checkEndpoint(input.endpoint);
      await limiter.consume(rateLimits.pushSubscriptionsPerUser, userId);
      const isTheCallers = await repo.upsertSubscription({
        id: randomUUID(),
        userId,
        endpoint: input.endpoint,
        p256dh: input.p256dh,
        auth: input.auth,
        vapidPublicKey: (await keys()).publicKey,
        now: clock(),
      });
      // Another account's endpoint, asked without the keys of the browser that made it: the URL alone
      // proves nothing (decision 0129). Nothing changed; its owner keeps getting the pushes.
      if (!isTheCallers) {
        throw new HttpError(409, pushTexts.endpointTaken, { code: ErrorCode.pushEndpointTaken });
      }
      const all = await repo.listSubscriptionsOf(userId);
      for (const old of all.slice(0, Math.max(0, all.length - SUBSCRIPTIONS_PER_USER))) {
        await repo.deleteSubscription(old.id);
      }
    },

    async unsubscribe(userId: string, endpoint: string) {
      await repo.deleteSubscriptionOf(userId, endpoint);
    },

    async isSubscribed(userId: string) {
      return (await current(userId)).length > 0;
    },

    /**
     * Whether the browser of `endpoint` must subscribe again: the server has no current subscription of
     * it (dropped after the push service's 404 or 410, or made with an older VAPID key). Without an
     * endpoint, whether the account has no current subscription at all.
     */
    async renewalRequired(userId: string, endpoint?: string) {
      const subscriptions = await current(userId);
      return endpoint === undefined
        ? subscriptions.length === 0
        : !subscriptions.some((subscription) => subscription.endpoint === endpoint);
    },

    /** POST /api/push/test: a notification to every subscription of the user, now; answers how many took it. */
    async sendTest(userId: string, title: string, body: string) {
      const subscriptions = await current(userId);
      if (subscriptions.length === 0) {
        throw new HttpError(404, pushTexts.noSubscription, { code: ErrorCode.noPushSubscription });
      }
      await limiter.consume(rateLimits.pushTestsPerUser, userId);
      const payload: PushPayload = {
        title,
        body,
        tag: 'test',
        url: '/profile',
        conversationId: null,
        unreadCount: null,
      };
      let delivered = 0;
      for (const subscription of subscriptions) {
        const outcome = await sender.send(subscription, JSON.stringify(payload), {
          ttlSeconds: 60,
          urgency: 'normal',
        });
        if (outcome.kind === 'sent') delivered += 1;
        if (outcome.kind === 'gone') await repo.deleteSubscription(subscription.id);
      }
      return { delivered, subscriptions: subscriptions.length };
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
