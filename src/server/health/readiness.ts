import type { EventBus } from '../events/event-bus.js';

/**
 * Whether this instance should be sent new requests (GET /api/ready; docs/decisions/0158): not while it
 * starts, not once it drains after SIGTERM, and not while Redis, when configured, is unreachable (its
 * sockets would hear nothing from the other instances, its limits would refuse). Liveness (/api/health) is
 * another question: whether the process and its database answer.
 */
export type ReadinessState = 'starting' | 'ready' | 'draining';

export class Readiness {
  private current: ReadinessState = 'starting';

  /** `isRedisUp`: whether the shared Redis answers now (undefined: no Redis configured). */
  constructor(private readonly isRedisUp?: () => boolean) {}

  get state(): ReadinessState {
    return this.current;
  }

  /** Serving: the app is built and listens (its onReady hook). Never undoes a drain. */
  markReady(): void {
    if (this.current === 'starting') this.current = 'ready';
  }

  /** SIGTERM: from now on the balancer is told to send nothing new; requests are still served. */
  markDraining(): void {
    this.current = 'draining';
  }

  /** Why not ready, or undefined when ready. */
  notReadyBecause(): 'starting' | 'draining' | 'redis' | undefined {
    if (this.current !== 'ready') return this.current;
    if (this.isRedisUp && !this.isRedisUp()) return 'redis';
    return undefined;
  }
}

/**
 * Whether the shared Redis serves this instance now: its commands' connection is ready, and the event bus
 * hears the others (its subscription is not in a gap: after an outage the bus subscribes again only once
 * connected, and until then this instance's sockets would hear nothing written on another instance).
 */
export function isRedisServing(
  redis: { readonly status: string },
  events: Pick<EventBus, 'watchDelivery'>,
): () => boolean {
  let isHearing = true;
  events.watchDelivery({
    lost: () => {
      isHearing = false;
    },
    resumed: () => {
      isHearing = true;
    },
  });
  return () => redis.status === 'ready' && isHearing;
}
