import type { Clock } from '../clock.js';

/** How old the database's last answer to the health probe may be before it is asked again. */
export const HEALTH_PROBE_MAX_AGE_MS = 1_000;

/**
 * The probe asked at most once per `maxAgeMs`: monitors and load balancers may call /api/health as often as
 * they like without adding a query per call (docs/decisions/0106-hot-paths.md).
 * Calls in between share the last answer, or the probe still under way.
 */
export function cachedProbe(
  probe: () => Promise<boolean>,
  clock: Clock,
  maxAgeMs = HEALTH_PROBE_MAX_AGE_MS,
): () => Promise<boolean> {
  let last: { at: number; answer: Promise<boolean> } | undefined;
  return () => {
    const now = clock();
    if (!last || now - last.at >= maxAgeMs) last = { at: now, answer: probe() };
    return last.answer;
  };
}
