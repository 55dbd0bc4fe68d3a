import { useEffect, useSyncExternalStore } from 'react';

/** The questions that appear on their own, each at its own time (spec §4, §9). */
export type PromptName = 'push-permission' | 'install-overlay' | 'ios-instructions';

/*
 * One question at a time (docs/decisions/0114-one-prompt-at-a-time.md): the push permission dialog, the
 * install overlay and the iOS instructions can come due within the same seconds of a first visit. The first
 * one due shows; the others wait in the order they came due and show once it has gone (answered, or no
 * longer due). The cookie banner goes before all of them (each waits for its answer already).
 */
let queue: readonly PromptName[] = [];
const listeners = new Set<() => void>();

function setQueue(next: readonly PromptName[]) {
  queue = next;
  for (const listener of listeners) listener();
}

/** The prompt `name` is due: it joins the line (once). */
export function promptDue(name: PromptName): void {
  if (!queue.includes(name)) setQueue([...queue, name]);
}

/** The prompt `name` has gone or is no longer due: it leaves the line, and the next one may show. */
export function promptGone(name: PromptName): void {
  if (queue.includes(name)) setQueue(queue.filter((waiting) => waiting !== name));
}

/** The prompt whose turn it is: the first due of those still due, or null. */
export function promptInTurn(): PromptName | null {
  return queue[0] ?? null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the prompt `name`, due when `isDue`, may show now: due, and its turn. */
export function usePromptTurn(name: PromptName, isDue: boolean): boolean {
  useEffect(() => {
    if (!isDue) return;
    promptDue(name);
    return () => promptGone(name);
  }, [name, isDue]);
  return useSyncExternalStore(subscribe, promptInTurn) === name && isDue;
}
