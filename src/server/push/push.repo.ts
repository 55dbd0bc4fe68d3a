import type { Db } from '../db/index.js';

/** SQL of push subscriptions and the server's keys. Every read of a user's data names the user. */
export function createPushRepo(db: Db) {
  return {
    findServerKey(name: string) {
      return db.selectFrom('serverKeys').select('value').where('name', '=', name).executeTakeFirst();
    },

    /** Keeps `value` under `name` unless another instance stored one first (then that one stays). */
    async insertServerKeyIfAbsent(name: string, value: string, now: number) {
      await db
        .insertInto('serverKeys')
        .values({ name, value, createdAt: now })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
    },

    /**
     * Stores the browser's subscription for the user. An endpoint is one browser: subscribing again (new
     * keys, or another account signed in on that browser) replaces the row.
     */
    async upsertSubscription(values: {
      id: string;
      userId: string;
      endpoint: string;
      p256dh: string;
      auth: string;
      vapidPublicKey: string;
      now: number;
    }) {
      const { now, ...row } = values;
      await db
        .insertInto('pushSubscriptions')
        .values({ ...row, createdAt: now, updatedAt: now })
        .onConflict((conflict) =>
          conflict.column('endpoint').doUpdateSet({
            userId: row.userId,
            p256dh: row.p256dh,
            auth: row.auth,
            vapidPublicKey: row.vapidPublicKey,
            updatedAt: now,
          }),
        )
        .execute();
    },

    async deleteSubscriptionOf(userId: string, endpoint: string) {
      const result = await db
        .deleteFrom('pushSubscriptions')
        .where('userId', '=', userId)
        .where('endpoint', '=', endpoint)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** A push service said the subscription is gone (404/410). */
    async deleteSubscription(id: string) {
      await db.deleteFrom('pushSubscriptions').where('id', '=', id).execute();
    },

    listSubscriptionsOf(userId: string) {
      return db
        .selectFrom('pushSubscriptions')
        .select(['id', 'endpoint', 'p256dh', 'auth', 'vapidPublicKey'])
        .where('userId', '=', userId)
        .orderBy('createdAt')
        .execute();
    },
  };
}

export type PushRepo = ReturnType<typeof createPushRepo>;
export type PushSubscriptionRow = Awaited<ReturnType<PushRepo['listSubscriptionsOf']>>[number];
