import { startTransition, useEffect, useState } from 'react';

/** The longest the browser may keep idle work waiting once the page has loaded. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Calls `run` once the page has loaded and the browser is next idle (or after IDLE_TIMEOUT_MS), so work the
 * first screen does not need never competes with drawing it. Returns a cancel function.
 */
export function whenFirstScreenIsDone(run: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const onIdle = () => {
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(run, 1);
      cancelIdle = () => clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') {
    onIdle();
    return () => cancelIdle?.();
  }
  window.addEventListener('load', onIdle, { once: true });
  return () => {
    window.removeEventListener('load', onIdle);
    cancelIdle?.();
  };
}

/** False until the first screen is done (see whenFirstScreenIsDone); the switch renders as a transition. */
export function useFirstScreenDone(): boolean {
  const [isDone, setIsDone] = useState(false);
  useEffect(() => whenFirstScreenIsDone(() => startTransition(() => setIsDone(true))), []);
  return isDone;
}
