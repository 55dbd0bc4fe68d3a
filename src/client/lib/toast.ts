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

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): readonly ToastItem[] {
  return toasts;
}
