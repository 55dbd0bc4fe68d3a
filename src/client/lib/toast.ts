/** A tiny toast store: one toast visible at a time (spec §9), rendered by the app's Toaster. */

export const DEFAULT_TOAST_DURATION_MS = 5_000;
export const SHORT_TOAST_DURATION_MS = 3_000;

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  durationMs?: number;
  action?: { label: string; onClick: () => void };
}

export interface ToastItem extends ToastOptions {
  id: number;
  isOpen: boolean;
}

let nextId = 1;
let toasts: readonly ToastItem[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast(options: ToastOptions): number {
  const id = nextId++;
  publish([{ ...options, id, isOpen: true }]);
  return id;
}

export function dismissToast(id: number): void {
  publish(toasts.map((item) => (item.id === id ? { ...item, isOpen: false } : item)));
}

/** Closes every error toast: a success screen must not stand under the failure of an earlier try. */
export function dismissErrorToasts(): void {
  if (!toasts.some((item) => item.isOpen && item.variant === 'destructive')) return;
  publish(toasts.map((item) => (item.variant === 'destructive' ? { ...item, isOpen: false } : item)));
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): readonly ToastItem[] {
  return toasts;
}

let isToasterMounted = false;
const toasterWaiters = new Set<() => void>();

/** The Toaster calls this once it is on screen: toasts raised from now on show at once. */
export function noteToasterMounted(): void {
  isToasterMounted = true;
  for (const resolve of toasterWaiters) resolve();
  toasterWaiters.clear();
}

/**
 * Resolves once the toaster is on screen (it is its own chunk, loaded after the first screen), or after
 * `limitMs`: a toaster that cannot load must not hold up what waits for it.
 */
export function whenToasterMounted(limitMs: number): Promise<void> {
  if (isToasterMounted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      toasterWaiters.delete(done);
      resolve();
    };
    const timer = setTimeout(done, limitMs);
    toasterWaiters.add(done);
  });
}
