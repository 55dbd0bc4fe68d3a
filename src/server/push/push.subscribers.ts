import { randomUUID } from 'node:crypto';
import { MESSAGE_RETENTION_MS } from '../../shared/messaging/messages.contract.js';
import type { Db, Engine } from '../db/index.js';
import type { TransactionScope } from '../db/transaction.js';
import type { MessageWritten } from '../events/events.js';
import type { FeatureDeps } from '../feature.js';
import { withLocale } from '../i18n.js';
import { presentMessageNotification, presentReminder } from './push.presenter.js';
import { createPushQueueRepo, deletePushOfAccount, type PushJobRow } from './push.repo.js';
import { type PushDispatcher, pushLeaseMs } from './push-dispatcher.js';
import { isQuietAt } from './quiet-hours.js';

/** A notification is worth showing as long as its message lives (ADDENDUM §10: TTL at most 24 h). */
const NOTIFICATION_TTL_MS = Math.min(MESSAGE_RETENTION_MS, 24 * 3600_000);

/**
 * What web push does in the transactions of messaging's changes (src/server/events/events.ts): a message's
 * notification is queued in the message's own transaction (a crash after its commit loses none) and sent
 * right after the commit by this instance; what is deleted is not pushed (its pending pushes go in the
 * delete's own transaction).
 */
export function registerPushSubscribers(
  {
    events,
    messaging,
    accounts,
    clock,
    config,
  }: Pick<FeatureDeps, 'events' | 'messaging' | 'accounts' | 'clock' | 'config'>,
  engine: Engine,
  dispatcher: PushDispatcher,
): void {
  const queueOf = (db: Db) => createPushQueueRepo(db, engine);

  /**
   * The notification of a message to an account with a push subscription: a job claimed by this instance as
   * it is written, sent right after the commit without asking the queue; the others take it over on their
   * interval once its claim runs out, if this one is gone by then.
   */
  async function queueNotification(
    { messageId, recipientUserId }: Pick<MessageWritten, 'messageId' | 'recipientUserId'>,
    scope: TransactionScope,
    isReminder = false,
  ) {
    if (!recipientUserId) return;
    const queue = queueOf(scope.db);
    const settings = await queue.findRecipientSettings(recipientUserId);
    if (!settings) return;
    const notice = await messaging.messageNotice(scope, messageId, recipientUserId);
    if (!notice) return;
    const now = clock();
    // In the recipient's language, whatever the sender's request speaks (docs/decisions/0164).
    const locale = await accounts.localeOf(recipientUserId, scope);
    const payload = withLocale(locale, () => {
      // Quiet hours are the recipient's local time as the message is written; an urgent message alerts (0150).
      const presented = presentMessageNotification(notice, {
        showPreview: settings.showPreview,
        silent: !notice.urgent && isQuietAt(settings.quietHours, now),
      });
      return JSON.stringify(isReminder ? presentReminder(presented) : presented);
    });
    const job: PushJobRow = {
      id: randomUUID(),
      userId: recipientUserId,
      subscriptionId: null,
      messageId,
      payload,
      urgency: 'high',
      attempts: 1,
      nextAttemptAt: now,
      claimedUntil: now + pushLeaseMs(config.pushTimeoutMs),
      createdAt: now,
      expiresAt: now + NOTIFICATION_TTL_MS,
    };
    await queue.insertJob(job);
    scope.afterCommit(() => dispatcher.sendClaimed(job));
  }

  events.subscribeInTransaction('message.written', (message, scope) => queueNotification(message, scope));
  // Its sender asked to notify the owner again (issue 32): the same notification, as a reminder.
  events.subscribeInTransaction('message.renotified', (message, scope) =>
    queueNotification(message, scope, true),
  );
  events.subscribeInTransaction('message.deleted', ({ messageId }, { db }) =>
    queueOf(db).deleteJobsOfMessage(messageId),
  );
  events.subscribeInTransaction('account.deleting', ({ userId }, { db }) => deletePushOfAccount(db, userId));
  events.subscribeInTransaction('conversation.cleared', ({ userId, hiddenMessageIds }, { db }) =>
    queueOf(db).deleteJobsOfMessagesTo(userId, hiddenMessageIds),
  );
  events.subscribeInTransaction('messages.expired', ({ before }, { db }) =>
    queueOf(db).deleteJobsOfMessagesUntil(before),
  );
}
