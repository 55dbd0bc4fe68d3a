import {
  REALTIME_PATH,
  type ServerEvent,
  SOCKET_CLOSE_SERVICE_RESTART,
  SOCKET_CLOSE_TOO_MANY,
  SOCKET_CLOSE_UNAUTHENTICATED,
  serverEventSchema,
} from '../../shared/realtime.js';
import { type BrowserNetwork, browserNetwork } from './connectivity.js';

/** Spec §9 Realtime: an attempt still pending after 10 s is closed; after an abnormal close, reconnect in 3 s. */
export const REALTIME_CONNECT_TIMEOUT_MS = 10_000;
export const REALTIME_RECONNECT_DELAY_MS = 3_000;
/** Refused for too many open sockets (4429): another must close first, so try again rarely (decision 0128). */
export const REALTIME_TOO_MANY_RETRY_MS = 60_000;

/**
 * How long after a close to open again, or undefined for never: 1000 was on purpose; 4401 means no session,
 * which the session watch handles (not a reconnect loop); 4429 waits a minute; 1012, the server shutting
 * down, none (another instance takes the socket: docs/decisions/0158); anything else 3 s.
 */
export function reconnectDelayAfter(code: number): number | undefined {
  if (code === 1000 || code === SOCKET_CLOSE_UNAUTHENTICATED) return undefined;
  if (code === SOCKET_CLOSE_SERVICE_RESTART) return 0;
  if (code === SOCKET_CLOSE_TOO_MANY) return REALTIME_TOO_MANY_RETRY_MS;
  return REALTIME_RECONNECT_DELAY_MS;
}

/** The window events the app raises for realtime news (spec §7): the screens refresh what they show. */
export const realtimeWindowEvents = {
  conversationsUpdate: 'conversationsUpdate',
  unreadCountUpdate: 'unreadCountUpdate',
  /** What became of a sent message changed (issue 32): its status page reads it again. */
  messageStatusUpdate: 'messageStatusUpdate',
  /**
   * A socket opened again after one had closed (an instance died, the network came back): what arrived
   * meanwhile came over no socket, so the screens read conversations and counts again (docs/decisions/0159).
   */
  reconnected: 'realtimeReconnected',
} as const;

/** One small handler per server event (STYLE.md: no switch that grows with every feature). */
type Handlers = { [Type in ServerEvent['type']]: (event: Extract<ServerEvent, { type: Type }>) => void };

const handlers: Handlers = {
  authenticated: () => undefined,
  new_message: (event) =>
    window.dispatchEvent(
      new CustomEvent(realtimeWindowEvents.conversationsUpdate, { detail: event.message }),
    ),
  unread_count_update: (event) =>
    window.dispatchEvent(
      new CustomEvent(realtimeWindowEvents.unreadCountUpdate, { detail: { unreadCount: event.unreadCount } }),
    ),
  message_status: ({ conversationId, messageId }) => {
    window.dispatchEvent(
      new CustomEvent(realtimeWindowEvents.messageStatusUpdate, { detail: { conversationId, messageId } }),
    );
    // The owner's answer shows in the sender's chat too.
    window.dispatchEvent(
      new CustomEvent(realtimeWindowEvents.conversationsUpdate, { detail: { id: null, conversationId } }),
    );
  },
};

function dispatch(data: unknown) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(data));
  } catch {
    return;
  }
  const event = serverEventSchema.safeParse(parsed);
  if (!event.success) return;
  (handlers[event.data.type] as (event: ServerEvent) => void)(event.data);
}

/**
 * Whether one of this page's sockets is open now (issue 32): a screen that must stay current polls only
 * while none is, and reads again when one opens (what happened while it was closed came over no socket).
 */
let openSockets = 0;
const openWatchers = new Set<() => void>();
function countOpen(change: 1 | -1) {
  openSockets += change;
  for (const watcher of openWatchers) watcher();
}
export const realtimeOpen = {
  isOpen: (): boolean => openSockets > 0,
  /** `watcher` runs when a socket opens or closes; answers the function that stops it. */
  subscribe(watcher: () => void): () => void {
    openWatchers.add(watcher);
    return () => openWatchers.delete(watcher);
  },
};

/**
 * Spec §4 Realtime connection: opens for a signed-in user, sends {type: "authenticate", userId} on open (the
 * server goes by the session cookie anyway), reconnects 3 s after an abnormal close, and closes an attempt
 * still pending after 10 s. While the browser says it has no network, no attempt is made (it could only fail):
 * the socket opens when the browser announces a network again. Answers the function that closes it for good.
 */
export function connectRealtime(userId: string, network: BrowserNetwork = browserNetwork): () => void {
  let socket: WebSocket | undefined;
  let reconnect: number | undefined;
  let isStopped = false;
  let isWaitingForNetwork = false;
  let hasOpened = false;

  const open = () => {
    reconnect = undefined;
    if (!network.isOnline()) {
      isWaitingForNetwork = true;
      return;
    }
    isWaitingForNetwork = false;
    const url = new URL(REALTIME_PATH, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const current = new WebSocket(url);
    socket = current;
    const timeout = window.setTimeout(() => {
      if (current.readyState === WebSocket.CONNECTING) current.close();
    }, REALTIME_CONNECT_TIMEOUT_MS);
    let isOpen = false;
    current.onopen = () => {
      window.clearTimeout(timeout);
      current.send(JSON.stringify({ type: 'authenticate', userId }));
      isOpen = true;
      countOpen(1);
      if (hasOpened) window.dispatchEvent(new CustomEvent(realtimeWindowEvents.reconnected));
      hasOpened = true;
    };
    current.onmessage = (message) => dispatch(message.data);
    current.onclose = (event) => {
      window.clearTimeout(timeout);
      socket = undefined;
      if (isOpen) countOpen(-1);
      const delay = reconnectDelayAfter(event.code);
      if (isStopped || delay === undefined) return;
      reconnect = window.setTimeout(open, delay);
    };
  };
  const unwatch = network.watch((isOnline) => {
    if (!isOnline || isStopped || !isWaitingForNetwork) return;
    open();
  });

  open();
  return () => {
    isStopped = true;
    unwatch();
    window.clearTimeout(reconnect);
    socket?.close(1000);
  };
}
