/**
 * The service worker's messages to this page, listened for from the start and kept until the bridge takes
 * them. The bridge (app-badge-bridge.tsx) is a chunk loaded after the first screen, and the browser starts
 * handing a page its worker's messages once the document is parsed: a NOTIFICATION_CLICKED sent to a
 * window opened or woken by a notification click could arrive before the bridge listened, and was lost.
 */
type Handler = (data: unknown) => void;

/** More than a page can be sent before its bridge loads; the oldest go first. */
const KEPT = 20;

export function createWorkerMessageQueue() {
  const pending: unknown[] = [];
  let handler: Handler | null = null;
  return {
    /** Listens on `container` (the page's ServiceWorkerContainer) from now on. */
    capture(container: EventTarget): void {
      container.addEventListener('message', (event) => {
        const { data } = event as MessageEvent;
        if (handler) return handler(data);
        pending.push(data);
        if (pending.length > KEPT) pending.shift();
      });
    },
    /** Hands `next` what arrived so far, in order, then every message as it comes; answers a release. */
    take(next: Handler): () => void {
      handler = next;
      for (const data of pending.splice(0)) next(data);
      return () => {
        if (handler === next) handler = null;
      };
    },
  };
}

const queue = createWorkerMessageQueue();

/** Called first thing by the entry script. */
export function captureWorkerMessages(): void {
  if ('serviceWorker' in navigator) queue.capture(navigator.serviceWorker);
}

export const takeWorkerMessages = queue.take;
