import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import {
  createGroupCommit,
  createTransaction,
  type Transaction,
  type TransactionScope,
} from '../db/transaction.js';
import type { EventBus } from '../events/event-bus.js';
import type { FeatureDeps } from '../feature.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { type BlocksRepo, createBlocksRepo } from './blocks.repo.js';
import { createFeedbackRepo, type FeedbackRepo } from './feedback.repo.js';
import { createMessagingRepo, type MessagingRepo } from './messaging.repo.js';
import { createReputation, type Reputation } from './reputation.js';
import { visitorNetworks } from './visitor-network.js';

/** What a messaging transaction works with: the repo, and the scope its event handlers write through. */
export type MessagingTransaction = MessagingRepo & { db: Db; scope: TransactionScope };

/** What messaging's services are built from (messaging.feature.ts). */
export interface MessagingServiceDeps {
  repo: MessagingRepo;
  /** One change's transaction; concurrent sends share a commit on SQLite (docs/decisions/0081). */
  transaction: Transaction<MessagingTransaction>;
  limiter: RateLimiter;
  clock: Clock;
  events: EventBus;
  /** The message is committed whatever happens to its announcement (clients also poll). */
  onAnnounceError: (error: unknown) => void;
  /** The instance's metrics: messaging counts the messages it stores. */
  metrics: Pick<FeatureDeps['metrics'], 'messageSent'>;
  /** After a delete of text has committed: none of it stays in the database's files (DatabaseHandle). */
  eraseSoon: () => void;
  /** The network a visitor writes from, as a block keeps it (a keyed hash, never the address). */
  networkOf: (ip: string) => Promise<string>;
  /** Blocks (ADDENDUM §1; a visitor's network for a day, 0139). */
  blocks: BlocksRepo;
  /** Ratings of messages, kept 30 days without their text (decision 0151). */
  feedback: FeedbackRepo;
  /** What a sender's ratings allow them: every message passes it before it is written (decision 0151). */
  reputation: Reputation;
}

/** Messaging's service deps from the app's: its repo, and its transaction on the engine at hand. */
export function messagingServiceDeps(
  { database, limiter, clock, events, metrics }: FeatureDeps,
  onAnnounceError: (error: unknown) => void,
): MessagingServiceDeps {
  const repos = (db: Db, scope: TransactionScope) =>
    Object.assign(createMessagingRepo(db, database.engine), { db, scope });
  const feedback = createFeedbackRepo(database.db);
  return {
    repo: createMessagingRepo(database.db, database.engine),
    // SQLite commits one transaction at a time: concurrent sends share a commit (docs/decisions/0081).
    transaction:
      database.engine === 'sqlite'
        ? createGroupCommit(database.db, repos, database.syncLog)
        : createTransaction(database.db, repos),
    limiter,
    clock,
    events,
    onAnnounceError,
    metrics,
    eraseSoon: database.eraseSoon,
    networkOf: visitorNetworks(database.db, clock),
    blocks: createBlocksRepo(database.db),
    feedback,
    reputation: createReputation({ feedback, limiter, clock }),
  };
}
