import type { QuietHours } from '../../shared/push/push.contract.js';
import type { Db, Engine } from '../db/index.js';
import { prepareQuery } from '../db/prepared.js';
import { storedServerKey } from '../db/server-keys.js';
import { quietHoursOf } from './quiet-hours.js';

/** SQL of push subscriptions and the server's keys. Every read of a user's data names the user. */
/** The owner's choice as stored: no row means the default, previews shown (migration 0009). */
export const showsPreviews = (row: { showPreviews: number | bigint } | undefined) =>
  row === undefined || Number(row.showPreviews) === 1;

/** Whether the owner is e-mailed when nothing else reached them: no row means the default, yes (0145). */
export const mailsFallback = (row: { emailFallback: number | bigint } | undefined) =>
  row === undefined || Number(row.emailFallback) === 1;

/** The notification preferences' columns, as the service presents them. */
const preferenceColumns = [
  'showPreviews',
  'emailFallback',
  'quietHoursEnabled',
  'quietHoursStart',
  'quietHoursEnd',
  'quietHoursTimeZone',
] as const;

export function createPushRepo(db: Db) {
  return {
    /** The owner's notification preferences the server honours; undefined means the defaults. */
    findNotificationPreferences(userId: string) {
      return db
        .selectFrom('notificationPreferences')
        .select(preferenceColumns)
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    /** Saves the preferences given (an absent one keeps its value, or its default), answering them all. */
    async saveNotificationPreferences(
      userId: string,
      changes: {
        showPreviews?: boolean;
        emailFallback?: boolean;
        quietHours?: QuietHours & { timeZone: string };
      },
      now: number,
    ) {
      const changed: {
        showPreviews?: number;
        emailFallback?: number;
        quietHoursEnabled?: number;
        quietHoursStart?: string;
        quietHoursEnd?: string;
        quietHoursTimeZone?: string;
        updatedAt: number;
      } = { updatedAt: now };
      if (changes.showPreviews !== undefined) changed.showPreviews = changes.showPreviews ? 1 : 0;
      if (changes.emailFallback !== undefined) changed.emailFallback = changes.emailFallback ? 1 : 0;
      if (changes.quietHours !== undefined) {
        changed.quietHoursEnabled = changes.quietHours.enabled ? 1 : 0;
        changed.quietHoursStart = changes.quietHours.start;
        changed.quietHoursEnd = changes.quietHours.end;
        changed.quietHoursTimeZone = changes.quietHours.timeZone;
      }
      return db
        .insertInto('notificationPreferences')
        .values({ userId, showPreviews: 1, emailFallback: 1, ...changed })
        .onConflict((conflict) => conflict.column('userId').doUpdateSet(changed))
        .returning(preferenceColumns)
        .executeTakeFirstOrThrow();
    },

    /** A key the server made for itself once (the VAPID pair), by name (src/server/db/server-keys.ts). */
    serverKey: (name: string, make: () => string, now: number) => storedServerKey(db, name, make, now),

    /**
     * Stores the browser's subscription for the user, in one statement (instances racing cannot both win),
     * and answers whether the endpoint is now the user's. An endpoint already stored is updated when it is
     * the user's own (a browser subscribing again has new keys) or when the request carries its stored
     * keys (p256dh and auth: the same browser, another account signed in on it); another account's,
     * asked with other keys, is left as it is (decision 0129).
     */
    async upsertSubscription(values: {
      id: string;
      userId: string;
      endpoint: string;
      p256dh: string;
      auth: string;
      vapidPublicKey: string;
      now: number;
    }): Promise<boolean> {
      const { now, ...row } = values;
      const written = await db
        .insertInto('pushSubscriptions')
        .values({ ...row, createdAt: now, updatedAt: now })
        .onConflict((conflict) =>
          conflict
            .column('endpoint')
            .doUpdateSet({
              userId: row.userId,
              p256dh: row.p256dh,
              auth: row.auth,
              vapidPublicKey: row.vapidPublicKey,
              updatedAt: now,
            })
            .where((eb) =>
              eb.or([
                eb('pushSubscriptions.userId', '=', row.userId),
                eb.and([
                  eb('pushSubscriptions.p256dh', '=', row.p256dh),
                  eb('pushSubscriptions.auth', '=', row.auth),
                ]),
              ]),
            ),
        )
        .returning('id')
        .executeTakeFirst();
      return written !== undefined;
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

/**
 * Everything push keeps of an account being deleted (decision 0149), in the deletion's transaction: its
 * subscriptions, its queued pushes, its settings, and when its conversations were last mailed about. Those
 * conversations may have outlived it already (messaging ran first: decision 0152), their owner emptied:
 * nobody is mailed about a conversation without an owner, so their marks go too.
 */
export async function deletePushOfAccount(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('pushJobs').where('userId', '=', userId).execute();
  await db.deleteFrom('pushSubscriptions').where('userId', '=', userId).execute();
  await db.deleteFrom('notificationPreferences').where('userId', '=', userId).execute();
  await db
    .deleteFrom('fallbackMails')
    .where('conversationId', 'in', (eb) =>
      eb
        .selectFrom('conversations')
        .select('id')
        .where((eb) => eb.or([eb('ownerOneId', '=', userId), eb('ownerOneId', 'is', null)])),
    )
    .execute();
}
export type PushSubscriptionRow = Awaited<ReturnType<PushRepo['listSubscriptionsOf']>>[number];

export type PushJobRow = Awaited<ReturnType<PushQueueRepo['claimDue']>>[number];

/**
 * Whether the recipient of a message has a push subscription, whether their pushes may show the text and
 * their quiet hours (all null: no preference stored, so the defaults): one indexed read in the message's
 * transaction, asked for every message, so compiled once (src/server/db/prepared.ts). No row: no subscription.
 */
const recipientSettings = prepareQuery((db: Db, args: { userId: string }) =>
  db
    .selectFrom('pushSubscriptions')
    .leftJoin('notificationPreferences', 'notificationPreferences.userId', 'pushSubscriptions.userId')
    .select([
      'notificationPreferences.showPreviews',
      'notificationPreferences.quietHoursEnabled',
      'notificationPreferences.quietHoursStart',
      'notificationPreferences.quietHoursEnd',
      'notificationPreferences.quietHoursTimeZone',
    ])
    .where('pushSubscriptions.userId', '=', args.userId)
    .limit(1),
);

/** SQL of the push queue (push_jobs): written in the message's transaction, drained by every instance. */
export function createPushQueueRepo(db: Db, engine: Engine) {
  return {
    /**
     * Whether `userId` has a push subscription (most recipients have none), whether their pushes may
     * show a message's text, and their quiet hours; undefined when they have no subscription.
     */
    async findRecipientSettings(userId: string) {
      const row = await recipientSettings.first(db, { userId });
      if (!row) return undefined;
      const { showPreviews } = row;
      return {
        showPreview: showsPreviews(showPreviews === null ? undefined : { showPreviews }),
        quietHours: quietHoursOf(row),
      };
    },

    /** A job; with `claimedUntil`, claimed already by the instance that writes it (until then). */
    async insertJob(values: {
      id: string;
      userId: string;
      subscriptionId: string | null;
      messageId: string | null;
      payload: string;
      urgency: string;
      attempts: number;
      nextAttemptAt: number;
      claimedUntil?: number;
      createdAt: number;
      expiresAt: number;
    }) {
      await db.insertInto('pushJobs').values(values).execute();
    },

    /** Whether the job is still queued (not sent, given up, nor deleted with its message). */
    async isQueued(id: string) {
      return (
        (await db.selectFrom('pushJobs').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
      );
    },

    /** Whether a job is due and unclaimed (a read: claiming is a write). */
    async hasDue(now: number) {
      const due = await db
        .selectFrom('pushJobs')
        .select('id')
        .where('nextAttemptAt', '<=', now)
        .where('claimedUntil', '<=', now)
        .limit(1)
        .executeTakeFirst();
      return due !== undefined;
    },

    /**
     * Takes up to `limit` due jobs for this instance until `leaseUntil`: on PostgreSQL with SKIP LOCKED, so
     * instances draining together never take the same job; past the lease (an instance that died while
     * sending), another takes it over.
     */
    claimDue(now: number, leaseUntil: number, limit: number) {
      return db
        .updateTable('pushJobs')
        .set((eb) => ({ claimedUntil: leaseUntil, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('pushJobs')
            .select('id')
            .where('nextAttemptAt', '<=', now)
            .where('claimedUntil', '<=', now)
            .orderBy('nextAttemptAt')
            .limit(limit)
            .$if(engine === 'postgres', (query) => query.forUpdate().skipLocked()),
        )
        .returningAll()
        .execute();
    },

    async deleteJobs(ids: string[]) {
      if (ids.length > 0) await db.deleteFrom('pushJobs').where('id', 'in', ids).execute();
    },

    /**
     * A retry of job `of` for one subscription, a copy of it (its message, payload, TTL), due at
     * `nextAttemptAt`; none when `of` is gone meanwhile (its message deleted while it was being pushed).
     */
    async insertRetry(
      of: string,
      retry: { id: string; subscriptionId: string; attempts: number; nextAttemptAt: number },
    ) {
      await db
        .insertInto('pushJobs')
        .columns([
          'id',
          'userId',
          'subscriptionId',
          'messageId',
          'payload',
          'urgency',
          'attempts',
          'nextAttemptAt',
          'createdAt',
          'expiresAt',
        ])
        .expression((eb) =>
          eb
            .selectFrom('pushJobs')
            .select((eb) => [
              eb.val(retry.id).as('id'),
              'userId',
              eb.val(retry.subscriptionId).as('subscriptionId'),
              'messageId',
              'payload',
              'urgency',
              eb.val(retry.attempts).as('attempts'),
              eb.val(retry.nextAttemptAt).as('nextAttemptAt'),
              'createdAt',
              'expiresAt',
            ])
            .where('id', '=', of),
        )
        .execute();
    },

    // The pushes of what was deleted go in the delete's transaction (events of src/server/events/events.ts).
    /** The pushes of a deleted message, to whomever. */
    async deleteJobsOfMessage(messageId: string) {
      await db.deleteFrom('pushJobs').where('messageId', '=', messageId).execute();
    },

    /** The pushes to `userId` of the messages a "delete conversation" of theirs hid. */
    async deleteJobsOfMessagesTo(userId: string, messageIds: readonly string[]) {
      if (messageIds.length === 0) return;
      await db
        .deleteFrom('pushJobs')
        .where('userId', '=', userId)
        .where('messageId', 'in', messageIds)
        .execute();
    },

    /**
     * The pushes of messages written until `before` (retention deleted them). A job is queued in its
     * message's transaction at or before the message's time, so every one of them was made until then.
     */
    async deleteJobsOfMessagesUntil(before: number) {
      await db
        .deleteFrom('pushJobs')
        .where('messageId', 'is not', null)
        .where('createdAt', '<=', before)
        .execute();
    },

    /** How many pushes wait (every account's: an operator's figure, no one's data), and the oldest's time. */
    async depth(): Promise<{ jobs: number; oldestCreatedAt: number | null }> {
      const row = await db
        .selectFrom('pushJobs')
        .select((eb) => [eb.fn.countAll().as('jobs'), eb.fn.min('createdAt').as('oldest')])
        .executeTakeFirst();
      const oldest = row?.oldest;
      return { jobs: Number(row?.jobs ?? 0), oldestCreatedAt: oldest == null ? null : Number(oldest) };
    },

    /** A retry later: released, due at `nextAttemptAt`. */
    async reschedule(id: string, nextAttemptAt: number) {
      await db.updateTable('pushJobs').set({ nextAttemptAt, claimedUntil: 0 }).where('id', '=', id).execute();
    },

    /** Jobs whose TTL ran out: gone, with the previews they held (ADDENDUM §3). */
    async deleteExpired(now: number) {
      await db.deleteFrom('pushJobs').where('expiresAt', '<=', now).execute();
    },

    /**
     * The subscription a retry goes to, while it is still `userId`'s: one another account took over (the
     * same browser, decision 0129) does not get the first account's pushes.
     */
    findSubscription(id: string, userId: string) {
      return db
        .selectFrom('pushSubscriptions')
        .select(['id', 'endpoint', 'p256dh', 'auth', 'vapidPublicKey'])
        .where('id', '=', id)
        .where('userId', '=', userId)
        .executeTakeFirst();
    },
  };
}

export type PushQueueRepo = ReturnType<typeof createPushQueueRepo>;
