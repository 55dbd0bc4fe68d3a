import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REALTIME_PATH,
  SOCKET_CLOSE_SERVICE_RESTART,
  SOCKET_CLOSE_TOO_MANY,
  SOCKET_CLOSE_UNAUTHENTICATED,
} from '../../shared/realtime.js';
import {
  connectRealtime,
  REALTIME_RECONNECT_DELAY_MS,
  REALTIME_TOO_MANY_RETRY_MS,
  realtimeOpen,
  realtimeWindowEvents,
  reconnectDelayAfter,
} from './realtime.js';

describe('reconnectDelayAfter', () => {
  it('never reopens a socket closed on purpose or for want of a session', () => {
    expect(reconnectDelayAfter(1000)).toBeUndefined();
    expect(reconnectDelayAfter(SOCKET_CLOSE_UNAUTHENTICATED)).toBeUndefined();
  });

  it('reopens after an abnormal close in 3 s (spec §9)', () => {
    for (const code of [1001, 1006, 1011])
      expect(reconnectDelayAfter(code)).toBe(REALTIME_RECONNECT_DELAY_MS);
  });

  it('reopens at once when the server shuts down (1012: another instance takes it)', () => {
    expect(SOCKET_CLOSE_SERVICE_RESTART).toBe(1012);
    expect(reconnectDelayAfter(SOCKET_CLOSE_SERVICE_RESTART)).toBe(0);
  });

  it('waits a minute after a refusal for too many sockets, not 3 s in a loop', () => {
    expect(reconnectDelayAfter(SOCKET_CLOSE_TOO_MANY)).toBe(REALTIME_TOO_MANY_RETRY_MS);
    expect(REALTIME_TOO_MANY_RETRY_MS).toBeGreaterThanOrEqual(20 * REALTIME_RECONNECT_DELAY_MS);
  });
});

describe('connectRealtime and the browser network', () => {
  /** The window events the page raised, by type. */
  const dispatched: string[] = [];
  /** The sockets the page opened, as the browser's WebSocket would record them. */
  const opened: FakeSocket[] = [];
  class FakeSocket {
    static readonly CONNECTING = 0;
    readyState = 0;
    onopen: (() => void) | null = null;
    onmessage: ((message: { data: unknown }) => void) | null = null;
    onclose: ((event: { code: number }) => void) | null = null;
    constructor(readonly url: URL) {
      opened.push(this);
    }
    send() {}
    close(code = 1006) {
      this.readyState = 3;
      this.onclose?.({ code });
    }
  }
  function fakeNetwork(isOnline: boolean) {
    let listener: ((isOnline: boolean) => void) | undefined;
    return {
      isOnline: () => isOnline,
      watch(onChange: (isOnline: boolean) => void) {
        listener = onChange;
        return () => {
          listener = undefined;
        };
      },
      set(value: boolean) {
        isOnline = value;
        listener?.(value);
      },
    };
  }

  beforeEach(() => {
    opened.length = 0;
    vi.useFakeTimers();
    dispatched.length = 0;
    vi.stubGlobal('window', {
      location: { href: 'https://app.example/home' },
      setTimeout: globalThis.setTimeout,
      clearTimeout: globalThis.clearTimeout,
      dispatchEvent: (event: Event) => dispatched.push(event.type),
    });
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens the socket at once when the browser has a network', () => {
    const disconnect = connectRealtime('user-1', fakeNetwork(true));
    expect(opened.map((socket) => socket.url.href)).toEqual([`wss://app.example${REALTIME_PATH}`]);
    disconnect();
  });

  it('makes no attempt while the browser has no network, and opens when it announces one', () => {
    const network = fakeNetwork(false);
    const disconnect = connectRealtime('user-1', network);
    vi.advanceTimersByTime(60_000);
    expect(opened).toHaveLength(0);
    network.set(true);
    expect(opened).toHaveLength(1);
    disconnect();
  });

  it('after an abnormal close while offline, waits for the network instead of failing every 3 s', () => {
    const network = fakeNetwork(true);
    const disconnect = connectRealtime('user-1', network);
    network.set(false);
    opened[0]?.close(1006);
    vi.advanceTimersByTime(10 * REALTIME_RECONNECT_DELAY_MS);
    expect(opened).toHaveLength(1);
    network.set(true);
    expect(opened).toHaveLength(2);
    disconnect();
  });

  it('after a 1012 close (the server shutting down) opens the next socket at once, not after 3 s', () => {
    const disconnect = connectRealtime('user-1', fakeNetwork(true));
    opened[0]?.onopen?.();
    opened[0]?.close(SOCKET_CLOSE_SERVICE_RESTART);
    vi.advanceTimersByTime(0);
    expect(opened).toHaveLength(2);
    // Refused in turn (the listener already closed, no other instance yet): then the usual 3 s.
    opened[1]?.close(1006);
    vi.advanceTimersByTime(REALTIME_RECONNECT_DELAY_MS - 1);
    expect(opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(opened).toHaveLength(3);
    disconnect();
  });

  it('says whether a socket is open, and tells its watchers when that changes (issue 32)', () => {
    const changes: boolean[] = [];
    const stop = realtimeOpen.subscribe(() => changes.push(realtimeOpen.isOpen()));
    const disconnect = connectRealtime('', fakeNetwork(true));
    expect(realtimeOpen.isOpen()).toBe(false);
    opened[0]?.onopen?.();
    expect(realtimeOpen.isOpen()).toBe(true);
    opened[0]?.close(1006);
    expect(realtimeOpen.isOpen()).toBe(false);
    // The reconnect, then the close for good.
    vi.advanceTimersByTime(REALTIME_RECONNECT_DELAY_MS);
    opened[1]?.onopen?.();
    disconnect();
    expect(changes).toEqual([true, false, true, false]);
    // A socket that never opened closes without a change.
    connectRealtime('', fakeNetwork(true))();
    expect(changes).toHaveLength(4);
    stop();
  });

  it('tells the screens to read again when a socket opens after a gap, not when the first one opens', () => {
    const disconnect = connectRealtime('user-1', fakeNetwork(true));
    opened[0]?.onopen?.();
    expect(dispatched).toEqual([]);
    // An instance died (1006): the next socket, 3 s later, is a reconnect; so is one after a 1012.
    opened[0]?.close(1006);
    vi.advanceTimersByTime(REALTIME_RECONNECT_DELAY_MS);
    opened[1]?.onopen?.();
    expect(dispatched).toEqual([realtimeWindowEvents.reconnected]);
    opened[1]?.close(SOCKET_CLOSE_SERVICE_RESTART);
    vi.advanceTimersByTime(0);
    opened[2]?.onopen?.();
    expect(dispatched).toEqual([realtimeWindowEvents.reconnected, realtimeWindowEvents.reconnected]);
    disconnect();
  });

  it('once closed for good, opens nothing when the network comes back', () => {
    const network = fakeNetwork(false);
    connectRealtime('user-1', network)();
    network.set(true);
    expect(opened).toHaveLength(0);
  });
});
