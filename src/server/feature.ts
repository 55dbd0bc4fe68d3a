import type { FastifyInstance } from 'fastify';
import type { BackgroundTasks } from './background.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/index.js';
import type { EventBus } from './events/event-bus.js';
import type { Readiness } from './health/readiness.js';
import type { Jobs } from './jobs/jobs.js';
import type { Mailer } from './mail/mailer.js';
import type { EarlyAnswerer } from './plugins/early-answers.js';
import type { AccountDataPort, AccountsPort, MessagingPort, MetricsPort } from './ports.js';
import type { RateLimiter } from './rate-limit/rate-limiter.js';

/** What every feature is built from: the outside world, and the app's shared machinery. */
export interface FeatureDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  limiter: RateLimiter;
  clock: Clock;
  /** How a feature tells the others what happened (src/server/events/events.ts). */
  events: EventBus;
  /** Auth's read port: an account's language, for what is written to it (src/server/ports.ts). */
  accounts: AccountsPort;
  /** Messaging's read port: unread counts, missed messages, a notification's content (src/server/ports.ts). */
  messaging: MessagingPort;
  /** What each feature keeps of an account, for its "Download my data" (issue 33). */
  accountData: AccountDataPort;
  /** Where a feature's periodic work lives. */
  jobs: Jobs;
  /** `GET {path}` answered ahead of the framework whenever its answer is known (plugins/early-answers.ts). */
  answerEarly: (path: string, answerer: EarlyAnswerer) => void;
  /** Work done after the answer has left (mail). */
  background: BackgroundTasks;
  /** Whether this instance should be sent requests (GET /api/ready; docs/decisions/0158). */
  readiness: Readiness;
  /** The instance's metrics: each feature records the facts it owns (src/server/metrics/metrics.ts). */
  metrics: MetricsPort;
}

/**
 * A feature registers itself: it builds its repo, service and routes (and jobs, and event handlers) from
 * the shared deps. app.ts only lists the features.
 */
export type Feature = (app: FastifyInstance, deps: FeatureDeps) => Promise<void> | void;
