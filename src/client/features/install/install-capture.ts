/**
 * Keeps the browser's install offer from the app's first moment (main.tsx): Chromium may fire
 * beforeinstallprompt before React has loaded the install prompts' chunk, and an offer not kept then is lost.
 * Kept tiny: it is part of the landing page's entry chunk.
 */

/** Chromium's BeforeInstallPromptEvent (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface CapturedInstall {
  /** The browser's offer to install; null until it makes one, and again once it was used. */
  offer: BeforeInstallPromptEvent | null;
  /** When the offer came (Date.now()). */
  offeredAt: number | null;
  /** The browser reported the app installed (appinstalled), or the user accepted the install prompt. */
  wasInstalled: boolean;
  /** When the app started (Date.now()): the iOS instructions count from here. */
  startedAt: number;
}

let captured: CapturedInstall = { offer: null, offeredAt: null, wasInstalled: false, startedAt: Date.now() };
const listeners = new Set<() => void>();

export function updateCapturedInstall(change: Partial<CapturedInstall>): void {
  captured = { ...captured, ...change };
  for (const listener of listeners) listener();
}

export function subscribeToCapturedInstall(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function capturedInstall(): CapturedInstall {
  return captured;
}

/** Starts listening; call once, before the app renders. */
export function captureInstallPrompt(target: EventTarget = window): void {
  updateCapturedInstall({ startedAt: Date.now() });
  target.addEventListener('beforeinstallprompt', (event) => {
    // Without this Chromium shows its own mini-infobar on phones; the app offers installation itself.
    event.preventDefault();
    updateCapturedInstall({ offer: event as BeforeInstallPromptEvent, offeredAt: Date.now() });
  });
  target.addEventListener('appinstalled', () => updateCapturedInstall({ offer: null, wasInstalled: true }));
}
