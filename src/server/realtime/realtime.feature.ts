import type { Feature } from '../feature.js';
import { createRealtimeGateway } from './realtime.gateway.js';
import { registerRealtimeSubscribers } from './realtime.subscribers.js';

/**
 * A socket that missed one ping is dropped at the next. A heartbeat starts this long after the last one
 * ended, and its sweep's pauses take 5 s at most (realtime.gateway.ts, PINGS_PER_SLICE): each socket is
 * pinged every 20-25 s, and a dead one goes within 50 s (ADDENDUM §10: 60). A socket whose session has
 * ended goes within one interval and a sweep of its end (docs/decisions/0128).
 */
const HEARTBEAT_INTERVAL_MS = 20_000;

/** /ws (ADDENDUM §2): live events for signed-in users, on whichever instance holds their sockets. */
export const registerRealtimeFeature: Feature = (app, deps) => {
  const gateway = createRealtimeGateway(app, deps);
  const stopWatching = registerRealtimeSubscribers(app.log, deps, gateway.sockets);
  app.addHook('onClose', async () => stopWatching());
  deps.jobs.register({
    name: 'realtime-heartbeat',
    intervalMs: HEARTBEAT_INTERVAL_MS,
    run: gateway.heartbeat,
  });
};
