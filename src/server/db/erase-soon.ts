/** How long after a delete its text may stay in SQLite's log: long enough that a burst shares one checkpoint. */
export const ERASE_DELAY_MS = 1_000;

/**
 * Runs `erase` `delayMs` after a call to `soon`, on a timer (never on the caller's path); every call made
 * before that run starts shares it, so a burst costs one. A call made while a run is under way gets a run
 * of its own, which starts after it. A run that fails is tried again `delayMs` later. `stop` runs one still
 * due at once, waits for the one under way, and schedules none after.
 */
export function debouncedEraser(erase: () => Promise<void>, delayMs = ERASE_DELAY_MS) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isStopped = false;

  const run = () => {
    timer = undefined;
    const current: Promise<void> = erase()
      .catch(() => soon())
      .finally(() => {
        if (running === current) running = undefined;
      });
    running = current;
    return current;
  };

  function soon() {
    if (isStopped || timer) return;
    timer = setTimeout(run, delayMs);
    // Nothing keeps the process alive for it: stop() runs it when the database closes.
    timer.unref();
  }

  return {
    soon,
    async stop() {
      isStopped = true;
      await running;
      if (timer) {
        clearTimeout(timer);
        await run();
      }
    },
  };
}
