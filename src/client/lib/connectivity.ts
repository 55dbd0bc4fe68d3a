/**
 * Whether the app can reach its server (docs/decisions/0130-offline-is-no-answer.md). The browser's word,
 * navigator.onLine and its online and offline events, only says that a network interface is up: on a network
 * that reaches nothing (a Wi-Fi whose line is down, a captive portal, a VPN that dropped) it says online while
 * every request fails without an answer. So the app is offline when the browser says so, and also from the
 * moment a call to the API got no answer at all until an answer arrives again (any status: a 503 is an
 * answer, and the server's own failure) or the browser announces a network anew.
 *
 * TanStack Query follows this state (lib/query-client.ts): reads wait for the connection instead of failing
 * into Service Temporarily Unavailable, and the offline banner shows.
 */
export interface Connectivity {
  /** The browser has a network and the last call to the API was answered. */
  isOnline(): boolean;
  /** The browser has a network, but the last call to the API got no answer. */
  isServerUnreachable(): boolean;
  /** A call to the API got an answer (of any status). */
  reportAnswer(): void;
  /** A call to the API got no answer: the request failed before any status came back. */
  reportNoAnswer(): void;
  /** Called on every change of isOnline() or isServerUnreachable(); answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export interface BrowserNetwork {
  isOnline(): boolean;
  /** Calls `onChange` on the browser's online and offline events; answers the unsubscribe. */
  watch(onChange: (isOnline: boolean) => void): () => void;
}

export function isBrowserOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine !== false;
}

/** The browser's own word, from its online and offline events. */
export const browserNetwork: BrowserNetwork = {
  isOnline: isBrowserOnline,
  watch(onChange) {
    if (typeof window === 'undefined') return () => undefined;
    const onOnline = () => onChange(true);
    const onOffline = () => onChange(false);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  },
};

export function createConnectivity(browser: BrowserNetwork): Connectivity {
  let hasNoAnswer = false;
  const listeners = new Set<() => void>();
  let unwatch: (() => void) | null = null;
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const setNoAnswer = (value: boolean) => {
    if (hasNoAnswer === value) return;
    hasNoAnswer = value;
    notify();
  };
  const isServerUnreachable = () => hasNoAnswer && browser.isOnline();
  return {
    isOnline: () => browser.isOnline() && !hasNoAnswer,
    isServerUnreachable,
    reportAnswer: () => setNoAnswer(false),
    reportNoAnswer: () => setNoAnswer(true),
    subscribe(listener) {
      listeners.add(listener);
      // The browser's events are watched while someone listens, as TanStack Query's own manager does.
      unwatch ??= browser.watch((isOnline) => {
        // A network the browser announces is worth a new try: the next call tells.
        if (isOnline) hasNoAnswer = false;
        notify();
      });
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          unwatch?.();
          unwatch = null;
        }
      };
    },
  };
}

/** The app's one connectivity, fed by every API call (lib/api.ts). */
export const connectivity = createConnectivity(browserNetwork);

/**
 * A fetch that failed before any answer came back: fetch rejects with a TypeError then (an aborted one with
 * an AbortError instead, which says nothing about the network).
 */
export const isNoAnswer = (error: unknown): boolean => error instanceof TypeError;

/** After how long the server is asked again while it does not answer: 1 s, 2 s, 4 s, then every 5 s. */
export function recheckDelayMs(attempt: number): number {
  return Math.min(1_000 * 2 ** attempt, 5_000);
}

/**
 * While the server does not answer and the browser says it has a network, nothing else would notice the
 * connection coming back (no browser event fires, and the reads wait): asks `probe` (whether the server
 * answers) after recheckDelayMs, again and again, until it answers or the state changes otherwise. Answers
 * the stop.
 */
export function watchReachability(state: Connectivity, probe: () => Promise<boolean>): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** A probe is waited for or under way. */
  let isProbing = false;
  let attempt = 0;
  let isStopped = false;
  const schedule = () => {
    isProbing = true;
    timer = setTimeout(async () => {
      timer = null;
      const isAnswered = await probe();
      isProbing = false;
      if (isStopped || !state.isServerUnreachable()) return;
      if (isAnswered) state.reportAnswer();
      else {
        attempt += 1;
        schedule();
      }
    }, recheckDelayMs(attempt));
  };
  const follow = () => {
    if (state.isServerUnreachable()) {
      if (!isProbing) schedule();
      return;
    }
    attempt = 0;
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
      isProbing = false;
    }
  };
  const unsubscribe = state.subscribe(follow);
  follow();
  return () => {
    isStopped = true;
    if (timer !== null) clearTimeout(timer);
    unsubscribe();
  };
}
