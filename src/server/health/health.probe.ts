import type { Clock } from '../clock.js';

/** How old the database's last answer to the health probe may be before it is asked again. */
export const HEALTH_PROBE_MAX_AGE_MS = 1_000;

/**
 * The probe asked at most once per `maxAgeMs`: monitors and load balancers may call /api/health as often as
 * they like without adding a query per call (docs/decisions/0106-hot-paths.md).
 * Calls in between share the last answer, or the probe still under way; an answer already in is given as
 * it is, not as a promise (one turn of the event loop less per call: docs/decisions/0120).
 */
export function cachedProbe(
  probe: () => Promise<boolean>,
  clock: Clock,
  maxAgeMs = HEALTH_PROBE_MAX_AGE_MS,
): () => boolean | Promise<boolean> {
  let last: { at: number; answer: Promise<boolean>; settled?: boolean } | undefined;
  return () => {
    const now = clock();
    if (!last || now - last.at >= maxAgeMs) {
      const asked: NonNullable<typeof last> = { at: now, answer: probe() };
      asked.answer.then(
        (answer) => {
          asked.settled = answer;
        },
        () => undefined,
      );
      last = asked;
    }
    return last.settled ?? last.answer;
  };
}
