import { MESSAGE_RETENTION_MS } from '../../shared/messaging/messages.contract.js';
import type { Job } from '../jobs/jobs.js';
import { createFeedbackRepo } from './feedback.repo.js';
import type { MessagingServiceDeps } from './messaging.deps.js';
import { REPUTATION_WINDOW_MS } from './reputation.js';

/** How often retention runs besides at start (after a long stop). */
const RETENTION_INTERVAL_MS = 5 * 60_000;

/**
 * Messages live 24 hours (ADDENDUM §3): nothing older stays, in the tables or (soon after) in SQLite's log.
 * Ratings of messages live 30 days (decision 0151).
 */
export function createRetentionService(deps: MessagingServiceDeps) {
  return {
    async purgeExpired() {
      const before = deps.clock() - MESSAGE_RETENTION_MS;
      const purged = await deps.transaction(async (tx) => {
        const deleted = await tx.purgeOlderThan(before);
        // Ratings outlive their messages without the text, for 30 days (decision 0151).
        await createFeedbackRepo(tx.db).deleteOlderThan(deps.clock() - REPUTATION_WINDOW_MS);
        if (deleted.messages > 0) {
          await deps.events.publishInTransaction('messages.expired', { before }, tx.scope);
        }
        return deleted;
      });
      if (purged.messages > 0 || purged.conversations > 0) deps.eraseSoon();
      return purged;
    },
  };
}

/** At start (after a long stop) and every few minutes, on every instance (its deletes are safe at once). */
export const retentionJob = (retention: ReturnType<typeof createRetentionService>): Job => ({
  name: 'message-retention',
  intervalMs: RETENTION_INTERVAL_MS,
  runAtStart: true,
  run: async () => void (await retention.purgeExpired()),
});
