import { pushTimings } from './push-constants.js';

export type RenewalResult = 'current' | 'renewed' | 'failed';

export interface PushScheduleTasks {
  /** Whether the prompt-dismissed cookie exists (read when the prompt is due, not at start). */
  isPromptDismissed: () => boolean;
  /** Offers notifications, if they are worth offering now. */
  autoPrompt: () => void;
  /** GET /api/push/check-renewal and a silent re-subscription when asked for. */
  checkRenewal: () => Promise<RenewalResult>;
  /** Reads the permission again and acts on a change; answers a failed re-subscription like a renewal. */
  checkPermission: () => Promise<RenewalResult>;
  showRenewalToast: () => void;
}

/**
 * The push agent's clock (spec §4 Push permission, §9 Push): the auto-prompt 3 s after the visit starts,
 * the renewal check after 60 s then every 30 min, the permission-change check every 30 s, and at most one
 * renewal toast per 5 min. Answers a function that stops everything.
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

  const prompt = setTimeout(() => {
    if (!tasks.isPromptDismissed()) tasks.autoPrompt();
  }, timings.autoPromptDelayMs);
  let renewalEvery: ReturnType<typeof setInterval> | undefined;
  const firstRenewal = setTimeout(() => {
    run(tasks.checkRenewal)();
    renewalEvery = setInterval(run(tasks.checkRenewal), timings.renewalCheckEveryMs);
  }, timings.renewalFirstCheckMs);
  const permissionEvery = setInterval(run(tasks.checkPermission), timings.permissionCheckEveryMs);

  return () => {
    isStopped = true;
    clearTimeout(prompt);
    clearTimeout(firstRenewal);
    clearInterval(renewalEvery);
    clearInterval(permissionEvery);
  };
}
