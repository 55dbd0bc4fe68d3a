import type { Clock } from '../clock.js';
import type { DomainEvents } from '../events/events.js';
import type { createDeliveryRepo } from './delivery.repo.js';
import { userOfSide } from './messaging.policy.js';

/**
 * Delivery stamps, written together (docs/performance.md, "Delivery stamps"): every message a socket or a
 * push service takes is stamped, and on SQLite a statement outside a group commit is a commit of its own,
 * flushed to disk on the event loop. So the stamps asked for in one turn of the event loop go in one
 * statement at the end of it.
 *
 * Invariant: a message is stamped once, by its first delivery (the statement keeps a stamp already there),
 * and its sender hears of it once, after the stamp is written; a stamp lands at most a turn after its frame.
 */
export function createDeliveryStamps(
  repo: ReturnType<typeof createDeliveryRepo>,
  clock: Clock,
  announce: (status: DomainEvents['message.status']) => Promise<void>,
) {
  let pending: Set<string> | undefined;
  let written: Promise<void> | undefined;

  async function announceAll(stamped: Awaited<ReturnType<typeof repo.markDelivered>>) {
    for (const row of stamped) {
      await announce({
        conversationId: row.conversationId,
        messageId: row.id,
        senderUserId: userOfSide(row.conversation, row.senderSide),
        senderVisitorHash: row.senderSide === 'two' ? row.conversation.visitorTwoHash : null,
      });
    }
  }

  const write = async (ids: Set<string>) => announceAll(await repo.markDelivered([...ids], clock()));

  return {
    /** Stamps the message delivered (at the end of this turn); resolves once it is written and announced. */
    stamp(messageId: string): Promise<void> {
      if (!pending || !written) {
        const ids = new Set<string>();
        pending = ids;
        written = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          pending = undefined;
          written = undefined;
          return write(ids);
        });
      }
      pending.add(messageId);
      return written;
    },

    /**
     * Stamps what was written to the account since `since` and nothing took yet: its app just connected
     * (one statement per connection, writing only when there is something to stamp).
     */
    async stampAllTo(userId: string, since: number): Promise<void> {
      await announceAll(await repo.markDeliveredTo(userId, since, clock()));
    },
  };
}
