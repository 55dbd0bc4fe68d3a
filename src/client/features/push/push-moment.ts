/*
 * When the push permission prompt may come (ADDENDUM §11, replacing spec §9's 3 s): at a meaningful
 * moment, a vehicle registered (Vehicle Setup succeeded) or a message arrived while the app is open, never a
 * few seconds into a visit (docs/decisions/0141-prompts-at-the-right-moment.md). Small and apart from the
 * push agent, so the screens that mark the moment carry none of it: once come, the moment stays for the
 * page's life, and the agent offers the prompt when it is loaded and nothing is being typed.
 */
let hasCome = false;
const listeners = new Set<() => void>();

function setMoment(next: boolean) {
  if (hasCome === next) return;
  hasCome = next;
  for (const listener of listeners) listener();
}

/** A moment to offer notifications has come (a vehicle registered, a message arrived). */
export function pushMomentCame(): void {
  setMoment(true);
}

/** Signed out: the next account waits for a moment of its own. */
export function forgetPushMoment(): void {
  setMoment(false);
}

export function hasPushMomentCome(): boolean {
  return hasCome;
}

export function subscribeToPushMoment(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
