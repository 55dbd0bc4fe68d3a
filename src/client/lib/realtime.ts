import { REALTIME_PATH, type ServerEvent, serverEventSchema } from '../../shared/realtime.js';

/** Spec §9 Realtime: an attempt still pending after 10 s is closed; after an abnormal close, reconnect in 3 s. */
export const REALTIME_CONNECT_TIMEOUT_MS = 10_000;
export const REALTIME_RECONNECT_DELAY_MS = 3_000;

/** The window events the app raises for realtime news (spec §7): the screens refresh what they show. */
export const realtimeWindowEvents = {
  conversationsUpdate: 'conversationsUpdate',
  unreadCountUpdate: 'unreadCountUpdate',
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
 * Spec §4 Realtime connection: opens for a signed-in user, sends {type: "authenticate", userId} on open (the
 * server goes by the session cookie anyway), reconnects 3 s after an abnormal close, and closes an attempt
 * still pending after 10 s. Answers the function that closes it for good.
 */
export function connectRealtime(userId: string): () => void {
  let socket: WebSocket | undefined;
  let reconnect: number | undefined;
  let isStopped = false;

  const open = () => {
    const url = new URL(REALTIME_PATH, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const current = new WebSocket(url);
    socket = current;
    const timeout = window.setTimeout(() => {
      if (current.readyState === WebSocket.CONNECTING) current.close();
    }, REALTIME_CONNECT_TIMEOUT_MS);
    current.onopen = () => {
      window.clearTimeout(timeout);
      current.send(JSON.stringify({ type: 'authenticate', userId }));
    };
    current.onmessage = (message) => dispatch(message.data);
    current.onclose = (event) => {
      window.clearTimeout(timeout);
      // 1000: closed on purpose. 4401: no session; the session watch handles that, not a reconnect loop.
      if (isStopped || event.code === 1000 || event.code === 4401) return;
      reconnect = window.setTimeout(open, REALTIME_RECONNECT_DELAY_MS);
    };
  };

  open();
  return () => {
    isStopped = true;
    window.clearTimeout(reconnect);
    socket?.close(1000);
  };
}
