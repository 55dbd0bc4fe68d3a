import { describe, expect, it } from 'vitest';
import { SOCKET_CLOSE_TOO_MANY, SOCKET_CLOSE_UNAUTHENTICATED } from '../../shared/realtime.js';
import { REALTIME_RECONNECT_DELAY_MS, REALTIME_TOO_MANY_RETRY_MS, reconnectDelayAfter } from './realtime.js';

describe('reconnectDelayAfter', () => {
  it('never reopens a socket closed on purpose or for want of a session', () => {
    expect(reconnectDelayAfter(1000)).toBeUndefined();
    expect(reconnectDelayAfter(SOCKET_CLOSE_UNAUTHENTICATED)).toBeUndefined();
  });

  it('reopens after an abnormal close in 3 s (spec §9)', () => {
    for (const code of [1001, 1006, 1011])
      expect(reconnectDelayAfter(code)).toBe(REALTIME_RECONNECT_DELAY_MS);
  });

  it('waits a minute after a refusal for too many sockets, not 3 s in a loop', () => {
    expect(reconnectDelayAfter(SOCKET_CLOSE_TOO_MANY)).toBe(REALTIME_TOO_MANY_RETRY_MS);
    expect(REALTIME_TOO_MANY_RETRY_MS).toBeGreaterThanOrEqual(20 * REALTIME_RECONNECT_DELAY_MS);
  });
});
