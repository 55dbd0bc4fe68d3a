import { randomUUID } from 'node:crypto';
import { MESSAGE_RETENTION_MS } from '../../shared/messaging/messages.js';
import type { Db } from '../db/index.js';
import { errorCode } from '../errors/error-code.js';
import type { Feature } from '../feature.js';
import { presentMessageNotification } from './push.presenter.js';
import { createPushQueueRepo, createPushRepo, type PushJobRow } from './push.repo.js';
import { registerPushRoutes } from './push.routes.js';
import { createPushService } from './push.service.js';
import { createPushDispatcher, pushLeaseMs } from './push-dispatcher.js';
import { createPushSender } from './push-sender.js';
import { RecentValues } from './recent-values.js';
import { lazyVapidKeys, loadVapidKeys } from './vapid.js';

/** The queue is drained this often besides right after each message (retries, other instances' jobs). */
const DISPATCH_INTERVAL_MS = 5_000;
/** A notification is worth showing as long as its message lives (ADDENDUM §10: TTL at most 24 h). */
const NOTIFICATION_TTL_MS = Math.min(MESSAGE_RETENTION_MS, 24 * 3600_000);
/** A queued message's key waits this long for its announcement (a rolled-back one never comes). */
const QUEUED_KEPT_MS = 60_000;

/** Web push (ADDENDUM §8-§10): subscriptions, and a notification of every message with the app closed. */
export const registerPushFeature: Feature = (app, deps) => {
  const { config, database, clock, limiter, events, jobs } = deps;
  const repo = createPushRepo(database.db);
  const keys = lazyVapidKeys(() => loadVapidKeys(config, repo, clock));
  const sender = createPushSender(keys, clock, config.pushTimeoutMs);
  const push = createPushService({
    repo,
    keys,
    sender,
    limiter,
    clock,
    pushServiceHosts: config.pushServiceHosts,
  });
  registerPushRoutes(app, { push });

  // The notifications this instance queued, by message, until the message's announcement after the commit.
  const queuedHere = new RecentValues<PushJobRow>(QUEUED_KEPT_MS, clock);

  // In the message's own transaction: a crash after its commit loses no notification.
  events.subscribeInTransaction('message.created', async (created, db) => {
    if (!created.recipientUserId) return;
    const queue = createPushQueueRepo(db, database.engine);
    const now = clock();
    const announced = await queue.findMessageToAnnounce(
      created.messageId,
      created.recipientUserId,
      now - MESSAGE_RETENTION_MS,
    );
    if (!announced) return;
    // Claimed by this instance as it is written: pushed right after the commit without asking the queue.
    const job: PushJobRow = {
      id: randomUUID(),
      userId: created.recipientUserId,
      subscriptionId: null,
      messageId: created.messageId,
      payload: JSON.stringify(
        presentMessageNotification(announced.message, announced.unreadCount, {
          showPreview: announced.showPreview,
        }),
      ),
      urgency: 'high',
      attempts: 1,
      nextAttemptAt: now,
      claimedUntil: now + pushLeaseMs(config.pushTimeoutMs),
      createdAt: now,
      expiresAt: now + NOTIFICATION_TTL_MS,
    };
    await queue.insertJob(job);
    queuedHere.add(created.messageId, job);
  });

  // What is deleted is not pushed: its pending pushes go in the delete's own transaction.
  const queueOf = (db: Db) => createPushQueueRepo(db, database.engine);
  events.subscribeInTransaction('message.deleted', ({ messageId }, db) =>
    queueOf(db).deleteJobsOfMessage(messageId),
  );
  events.subscribeInTransaction('conversation.cleared', ({ userId, conversationId, clearedAt }, db) =>
    queueOf(db).deleteJobsHiddenFrom(userId, conversationId, clearedAt),
  );
  events.subscribeInTransaction('messages.expired', ({ before }, db) =>
    queueOf(db).deleteJobsOfMessagesUntil(before),
  );

  const onDispatchError = (error: unknown) => app.log.warn({ code: errorCode(error) }, 'push failed');
  const dispatcher = createPushDispatcher({
    queue: createPushQueueRepo(database.db, database.engine),
    subscriptions: repo,
    sender,
    keys,
    clock,
    onError: onDispatchError,
    pushTimeoutMs: config.pushTimeoutMs,
  });
  jobs.register({
    name: 'push-dispatch',
    intervalMs: DISPATCH_INTERVAL_MS,
    runAtStart: true,
    run: dispatcher.kick,
  });
  // Right after the commit, by the instance that queued the notification; the others take it over on their
  // interval once its claim runs out, if this one is gone by then. Most messages queue none (a recipient
  // without push): no instance asks the queue for them (docs/decisions/0111-fewer-statements-per-send.md).
  events.subscribe('message.created', (created) => {
    const job = queuedHere.take(created.messageId);
    if (job) dispatcher.sendClaimed(job);
  });
  app.addHook('onClose', async () => {
    await dispatcher.settle();
    sender.close();
  });
};
