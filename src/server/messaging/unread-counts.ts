import { MESSAGE_RETENTION_MS } from '../../shared/messaging/messages.contract.js';
import type { Clock } from '../clock.js';
import type { UnreadSummary } from './unread.repo.js';

interface Counted {
  /** The user's inbox version the count is right for. */
  inboxVersion: number;
  count: number;
  /** The count is right until then (ms since the epoch): its oldest message leaves the count. */
  validUntil: number;
}

/** How many users' counts one instance keeps (a few dozen bytes each), least recently used out. */
const KEPT_USERS = 100_000;

/**
 * Unread counts kept per user for the inbox version they were counted at (src/server/messaging/inbox.repo.ts),
 * so that the count sent with every new message, and the one a client asks for, is not counted again from the
 * database each time (docs/decisions/0113-unread-counts-by-inbox-version.md). Every write that changes what a
 * user's lists show bumps their version in its own transaction; a count stays right for its version until its
 * oldest message reaches 24 hours. A new message moves its participants' versions by one: the count after it is
 * the one before, plus one for its recipient. Any other gap between versions is counted again.
 *
 * Per instance: each asks with the version the database holds (a session read, or a message's announcement).
 */
export class UnreadCounts {
  private readonly kept = new Map<string, Counted>();

  constructor(
    private readonly countNow: (userId: string) => Promise<UnreadSummary>,
    private readonly clock: Clock,
    private readonly limit = KEPT_USERS,
  ) {}

  /** The user's unread count at inbox version `inboxVersion` or later (their session read's). */
  async at(userId: string, inboxVersion: number): Promise<number> {
    const kept = this.fresh(userId);
    if (kept && kept.inboxVersion >= inboxVersion) return kept.count;
    return this.recount(userId);
  }

  /**
   * The count of a participant of a new message, at `inboxVersion`: their version after the message's commit
   * (undefined when the announcement did not carry it). Its recipient has one more unread message than at
   * the version before; its sender as many as before.
   */
  async afterMessage(
    userId: string,
    inboxVersion: number | undefined,
    message: { isRecipient: boolean; createdAt: number },
  ): Promise<number> {
    const kept = this.fresh(userId);
    if (kept && inboxVersion !== undefined) {
      // Counted after the message's commit already (a session read or another announcement got there).
      if (kept.inboxVersion >= inboxVersion) return kept.count;
      if (kept.inboxVersion === inboxVersion - 1) {
        const next = message.isRecipient
          ? {
              inboxVersion,
              count: kept.count + 1,
              validUntil: Math.min(kept.validUntil, message.createdAt + MESSAGE_RETENTION_MS),
            }
          : { ...kept, inboxVersion };
        this.keep(userId, next);
        return next.count;
      }
    }
    return this.recount(userId);
  }

  /** Counts from the database, and keeps the count for the version it was made at. */
  async recount(userId: string): Promise<number> {
    const { count, oldestAt, inboxVersion } = await this.countNow(userId);
    const validUntil = oldestAt === null ? Number.POSITIVE_INFINITY : oldestAt + MESSAGE_RETENTION_MS;
    // Of two counts made at once, the one of the later version stays.
    const kept = this.kept.get(userId);
    if (!kept || kept.inboxVersion <= inboxVersion) this.keep(userId, { inboxVersion, count, validUntil });
    return count;
  }

  /** The user's kept count while it is right, most recently used last. */
  private fresh(userId: string): Counted | undefined {
    const kept = this.kept.get(userId);
    if (!kept) return undefined;
    this.kept.delete(userId);
    if (this.clock() >= kept.validUntil) return undefined;
    this.kept.set(userId, kept);
    return kept;
  }

  private keep(userId: string, counted: Counted) {
    this.kept.delete(userId);
    this.kept.set(userId, counted);
    if (this.kept.size > this.limit) this.kept.delete(this.kept.keys().next().value as string);
  }

  /** How many users' counts are kept (for tests). */
  get size(): number {
    return this.kept.size;
  }
}
