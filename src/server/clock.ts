/**
 * The one source of the current time (epoch milliseconds) for rules, repos' arguments, limits and jobs.
 * Production passes Date.now; tests pass a clock they can move (src/server/test/clock.ts), so expiry and
 * retention are tested by advancing time, not by rewriting rows.
 */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
