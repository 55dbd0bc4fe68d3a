import { pushTimings } from './push-constants.js';

export type RenewalResult = 'current' | 'renewed' | 'failed';

export interface PushScheduleTasks {
  /** GET /api/push/check-renewal and a silent re-subscription when asked for. */
  checkRenewal: () => Promise<RenewalResult>;
  /** Reads the permission again and acts on a change; answers a failed re-subscription like a renewal. */
  checkPermission: () => Promise<RenewalResult>;
  showRenewalToast: () => void;
}

/**
 * The push agent's clock (spec §9 Push): the renewal check after 60 s then every 30 min, the
 * permission-change check every 30 s, and at most one renewal toast per 5 min. Answers a function that stops
 * everything. The permission prompt has no time of its own any more: it comes at a moment (ADDENDUM §11,
 * push-moment.ts), not 3 s into a visit.
 */
export function startPushSchedule(tasks: PushScheduleTasks, timings = pushTimings): () => void {
  let lastRenewalToastAt: number | null = null;
  let isStopped = false;

  const report = (result: RenewalResult) => {
    if (isStopped || result !== 'failed') return;
    const now = Date.now();
    if (lastRenewalToastAt !== null && now - lastRenewalToastAt < timings.renewalToastAtMostEveryMs) return;
    lastRenewalToastAt = now;
    tasks.showRenewalToast();
  };
  const run = (task: () => Promise<RenewalResult>) => () => {
    task().then(report, (error: unknown) => console.warn('Push check failed:', error));
  };

  let renewalEvery: ReturnType<typeof setInterval> | undefined;
  const firstRenewal = setTimeout(() => {
    run(tasks.checkRenewal)();
    renewalEvery = setInterval(run(tasks.checkRenewal), timings.renewalCheckEveryMs);
  }, timings.renewalFirstCheckMs);
  const permissionEvery = setInterval(run(tasks.checkPermission), timings.permissionCheckEveryMs);

  return () => {
    isStopped = true;
    clearTimeout(firstRenewal);
    clearInterval(renewalEvery);
    clearInterval(permissionEvery);
  };
}

export interface PromptMomentTasks {
  /** Nothing to offer: the prompt-dismissed cookie exists (spec §9), or notifications are not worth offering. */
  isNothingToOffer: () => boolean;
  /** Whether the person is filling a form (lib/form-in-progress.ts). */
  isFormBeingFilled: () => boolean;
  /** Shows the prompt (in its turn, lib/prompt-turn.ts). */
  offer: () => void;
}

/**
 * Once a moment has come (push-moment.ts): offers notifications at once, or, while a form is being filled,
 * as soon as it no longer is (looked at every second). Answers a function that stops waiting.
 */
export function offerAtTheMoment(tasks: PromptMomentTasks, timings = pushTimings): () => void {
  const isSettled = () => {
    if (tasks.isNothingToOffer()) return true;
    if (tasks.isFormBeingFilled()) return false;
    tasks.offer();
    return true;
  };
  if (isSettled()) return () => undefined;
  const waiting = setInterval(() => {
    if (isSettled()) clearInterval(waiting);
  }, timings.formCheckEveryMs);
  return () => clearInterval(waiting);
}
