import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Job } from '../jobs/jobs.js';
import type { MetricsPort } from '../ports.js';
import type { PushJobRow, PushQueueRepo, PushRepo } from './push.repo.js';
import type { PushSender, PushUrgency } from './push-sender.js';
import type { VapidKeys } from './vapid.js';

/** A claim outlives a push's timeout twice: a live instance always finishes what it claimed first. */
export const pushLeaseMs = (pushTimeoutMs: number) => 2 * pushTimeoutMs;
/** Jobs whose TTL ran out are looked for at most this often (each drain would be a write per message). */
const EXPIRED_SWEEP_MS = 60_000;
/** Pushes under way at once per instance. */
const MAX_IN_FLIGHT = 64;
/** Jobs written claimed that wait for a push to end; past that many, they wait for their claim to run out. */
const MAX_WAITING = 10_000;
/** Retries back off from 5 s, doubling, to at most 10 minutes; never past the job's TTL. */
const backoffMs = (attempts: number) => Math.min(10 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));

export interface PushDispatcherDeps {
  queue: PushQueueRepo;
  subscriptions: PushRepo;
  sender: PushSender;
  keys: () => Promise<VapidKeys>;
  clock: Clock;
  onError: (error: unknown) => void;
  /**
   * A push service took the notification of message `messageId` (2xx): it is Delivered (messaging's
   * recordDelivery, issue 32). Its failure goes to onError; the push stands.
   */
  onDelivered: (messageId: string) => Promise<void>;
  /** The instance's metrics: what each push request came to. */
  metrics: Pick<MetricsPort, 'push' | 'pushQueue'>;
  /** The sender's timeout (config.pushTimeoutMs); claims last twice that (pushLeaseMs). */
  pushTimeoutMs: number;
}

/**
 * Drains the push queue: claims due jobs, pushes each to its subscriptions, and answers what each push
 * service said: delivered (done, and its message Delivered), gone (404/410: the subscription is deleted), worth retrying (a retry job
 * for that subscription, backing off, until the TTL runs out) or refused (given up). A slow or hanging
 * push service holds only its own job; the message it announces was answered long before.
 */
export function createPushDispatcher(deps: PushDispatcherDeps) {
  const { queue, subscriptions, sender, clock, pushTimeoutMs } = deps;
  const leaseMs = pushLeaseMs(pushTimeoutMs);
  deps.metrics.pushQueue(async () => {
    const { jobs, oldestCreatedAt } = await queue.depth();
    return {
      jobs,
      oldestSeconds: oldestCreatedAt === null ? 0 : Math.max(0, clock() - oldestCreatedAt) / 1000,
    };
  });
  const inFlight = new Set<Promise<void>>();
  let draining: Promise<void> | undefined;
  // Finished jobs are deleted together, a statement (and on SQLite a commit) for many: a job whose delete
  // a crash prevents is sent again once its claim runs out (at least once).
  let finished: string[] = [];
  let deleting: Promise<void> | undefined;
  const flushFinished = () => {
    deleting = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      const ids = finished;
      finished = [];
      await queue.deleteJobs(ids).catch(deps.onError);
      deleting = finished.length > 0 ? flushFinished() : undefined;
    });
    return deleting;
  };
  const finish = (id: string) => {
    finished.push(id);
    if (!deleting) void flushFinished();
  };

  let again = false;

  async function targetsOf(job: PushJobRow) {
    if (job.subscriptionId) {
      const one = await queue.findSubscription(job.subscriptionId, job.userId);
      return one ? [one] : [];
    }
    const { publicKey } = await deps.keys();
    return (await subscriptions.listSubscriptionsOf(job.userId)).filter(
      (row) => row.vapidPublicKey === publicKey,
    );
  }

  async function process(job: PushJobRow) {
    const now = clock();
    if (job.expiresAt <= now) return finish(job.id);
    const ttlSeconds = Math.floor((job.expiresAt - now) / 1000);
    const options = { ttlSeconds, urgency: job.urgency as PushUrgency };
    let delivered = false;
    for (const target of await targetsOf(job)) {
      const outcome = await sender.send(target, job.payload, options);
      if (outcome.kind === 'sent') {
        delivered = true;
        deps.metrics.push('sent');
      }
      if (outcome.kind === 'gone') {
        deps.metrics.push('gone');
        await subscriptions.deleteSubscription(target.id);
        continue;
      }
      if (outcome.kind === 'refused') deps.metrics.push('failed');
      if (outcome.kind !== 'retry') continue;
      const next = clock() + (outcome.retryAfterMs ?? backoffMs(job.attempts));
      // Past its TTL: given up.
      deps.metrics.push(next >= job.expiresAt ? 'failed' : 'retried');
      if (next >= job.expiresAt) continue;
      if (job.subscriptionId) return queue.reschedule(job.id, next);
      await queue.insertRetry(job.id, {
        id: randomUUID(),
        subscriptionId: target.id,
        attempts: job.attempts,
        nextAttemptAt: next,
      });
    }
    if (delivered && job.messageId) await deps.onDelivered(job.messageId).catch(deps.onError);
    finish(job.id);
  }

  let lastSweep: number | undefined;

  async function drain() {
    const startedAt = clock();
    if (lastSweep === undefined || startedAt - lastSweep >= EXPIRED_SWEEP_MS) {
      lastSweep = startedAt;
      await queue.deleteExpired(startedAt);
    }
    // Every message kicks a drain on every instance, most with nothing to send (a recipient without
    // push): a read says so, where a claim would be a write (docs/decisions/0106-hot-paths.md).
    if (!(await queue.hasDue(startedAt))) return;
    for (;;) {
      // Claims in batches: wait for half the pushes under way to end before claiming more.
      while (inFlight.size > MAX_IN_FLIGHT / 2) await Promise.race(inFlight);
      const room = MAX_IN_FLIGHT - inFlight.size;
      const now = clock();
      const jobs = await queue.claimDue(now, now + leaseMs, room);
      if (jobs.length === 0) return;
      for (const job of jobs) start(job);
    }
  }

  /**
   * Pushes a job this instance claimed, under way until it ends; `unlessDeleted`: unless its row has left the
   * queue since it was read (its message deleted meanwhile).
   */
  function start(job: PushJobRow, unlessDeleted = false) {
    const push: Promise<void> = (unlessDeleted ? queue.isQueued(job.id) : Promise.resolve(true))
      .then((isQueued) => (isQueued ? process(job) : undefined))
      .catch(deps.onError)
      .finally(() => {
        inFlight.delete(push);
        startWaiting();
      });
    inFlight.add(push);
  }

  // Jobs written claimed (sendClaimed) while MAX_IN_FLIGHT pushes were under way, oldest first.
  const waiting: PushJobRow[] = [];
  function startWaiting() {
    while (waiting.length > 0 && inFlight.size < MAX_IN_FLIGHT) {
      const job = waiting.shift();
      // Started only with a whole push's time left in its claim, so that no other instance takes it over
      // meanwhile; one past that is left for whoever claims it once its claim runs out. It has waited: its
      // message may have been deleted since.
      if (job && clock() + pushTimeoutMs <= job.claimedUntil) start(job, true);
    }
  }

  return {
    /**
     * Sends what is due, now. Called again while draining, it drains once more after (a job committed
     * during the last claim is not left for the next interval). Resolves when nothing due is unclaimed;
     * pushes may still be under way.
     */
    kick(): Promise<void> {
      if (draining) {
        again = true;
        return draining;
      }
      draining = (async () => {
        do {
          again = false;
          await drain();
        } while (again);
      })().finally(() => {
        draining = undefined;
      });
      return draining;
    },
    /**
     * Pushes, now, a job this instance wrote already claimed (`claimedUntil` pushLeaseMs ahead, one
     * attempt counted) in a transaction that has committed: no read of the queue, no claim. Should this
     * instance die first, another takes the job over once the claim runs out, as any claimed job.
     */
    sendClaimed(job: PushJobRow): void {
      if (inFlight.size < MAX_IN_FLIGHT) start(job);
      else if (waiting.length < MAX_WAITING) waiting.push(job);
    },
    /**
     * Waits for the pushes under way (at shutdown; each ends within its timeout). Claimed jobs still waiting
     * for a place are left: another instance takes them over once their claim runs out.
     */
    async settle() {
      await draining?.catch(() => undefined);
      await Promise.allSettled([...inFlight]);
      while (deleting) await deleting;
    },
  };
}

export type PushDispatcher = ReturnType<typeof createPushDispatcher>;

/** The queue is drained this often besides right after each message (retries, other instances' jobs). */
const DISPATCH_INTERVAL_MS = 5_000;

/**
 * Draining the queue on every instance, at start and on an interval. Most messages queue none (a recipient
 * without push): no instance asks the queue for them (docs/decisions/0111-fewer-statements-per-send.md).
 */
export const pushDispatchJob = (dispatcher: PushDispatcher): Job => ({
  name: 'push-dispatch',
  intervalMs: DISPATCH_INTERVAL_MS,
  runAtStart: true,
  run: dispatcher.kick,
});
