/**
 * An action that waits a few seconds before it is done, so that the toast announcing it can offer Undo
 * (docs/decisions/0138-confirm-and-undo.md): the screen shows it done at once; `commit` runs when the
 * window has passed, or at once when the page is being left (so closing the app does not lose it).
 */
export const UNDO_WINDOW_MS = 5_000;

const pending = new Set<() => void>();
let isListening = false;

function flushAll() {
  for (const commit of [...pending]) commit();
}

/** Schedules `commit` after the undo window; answers the Undo, which cancels it (false once committed). */
export function afterUndoWindow(commit: () => void, windowMs = UNDO_WINDOW_MS): () => boolean {
  if (!isListening && typeof window !== 'undefined') {
    window.addEventListener('pagehide', flushAll);
    isListening = true;
  }
  let isDone = false;
  const run = () => {
    if (isDone) return;
    isDone = true;
    pending.delete(run);
    window.clearTimeout(timer);
    commit();
  };
  const timer = window.setTimeout(run, windowMs);
  pending.add(run);
  return () => {
    if (isDone) return false;
    isDone = true;
    pending.delete(run);
    window.clearTimeout(timer);
    return true;
  };
}
