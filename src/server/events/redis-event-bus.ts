import type { Redis } from 'ioredis';
import { UnavailableError } from '../errors/unavailable.js';
import {
  type DeliveryGapListener,
  type EventBus,
  type HandlerErrorReporter,
  LocalSubscribers,
  TransactionalSubscribers,
} from './event-bus.js';
import type { DomainEventName } from './events.js';

/**
 * Every instance hears every event: each event is PUBLISHed on its own channel and each instance
 * SUBSCRIBEs, on a connection of its own (a subscribed connection can do nothing else), to the channels it
 * has handlers for. The publisher hears its own events through Redis too, so each handler runs once.
 *
 * What is published while that connection is down, or back but not yet subscribed again, never reaches
 * this instance: the bus says when such a gap begins and when it ends (watchDelivery), so a subscriber
 * can catch up from its own records (realtime does, docs/decisions/0128).
 */
export async function createRedisEventBus(
  redis: Redis,
  onHandlerError: HandlerErrorReporter,
  prefix = 'events:',
): Promise<EventBus> {
  // ioredis could subscribe again by itself after a reconnect, but never says when Redis confirmed it: the
  // bus does it, so it knows when events reach it again.
  const subscriber = redis.duplicate({ lazyConnect: true, enableOfflineQueue: true, autoResubscribe: false });
  subscriber.on('error', () => undefined); // reconnects by itself; `redis` reports the outage
  await subscriber.connect();
  const subscribers = new LocalSubscribers(onHandlerError);
  const channelOf = (name: DomainEventName) => `${prefix}${name}`;
  const pending: Promise<void>[] = [];
  const channels = new Set<string>();
  const gapListeners = new Set<DeliveryGapListener>();
  let isLost = false;
  let isClosed = false;

  subscriber.on('close', () => {
    if (isLost || isClosed) return;
    isLost = true;
    for (const listener of gapListeners) listener.lost();
  });
  subscriber.on('ready', () => {
    if (!isLost) return;
    // A failure means the connection went again: its next 'ready' subscribes again.
    (channels.size > 0 ? subscriber.subscribe(...channels) : Promise.resolve()).then(() => {
      if (!isLost || isClosed) return;
      isLost = false;
      for (const listener of gapListeners) listener.resumed();
    }, ignore);
  });

  subscriber.on('message', (channel: string, message: string) => {
    if (!channel.startsWith(prefix)) return;
    const name = channel.slice(prefix.length) as DomainEventName;
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch (error) {
      onHandlerError(error, name);
      return;
    }
    subscribers.deliver(name, payload as never);
  });

  const inTransaction = new TransactionalSubscribers();
  return {
    subscribeInTransaction: (name, handler) => inTransaction.add(name, handler),
    publishInTransaction: (name, payload, scope) => inTransaction.run(name, payload, scope),
    async publish(name, payload) {
      try {
        await redis.publish(channelOf(name), JSON.stringify(payload));
      } catch (error) {
        throw new UnavailableError('Event bus unavailable', { cause: error });
      }
    },
    subscribe(name, handler) {
      const isFirst = !subscribers.has(name);
      const remove = subscribers.add(name, handler);
      // Queued while (re)connecting; subscribed again after every reconnect (above).
      if (isFirst) {
        channels.add(channelOf(name));
        pending.push(
          subscriber.subscribe(channelOf(name)).then(
            () => undefined,
            (error: unknown) => onHandlerError(error, name),
          ),
        );
      }
      return remove;
    },
    watchDelivery(listener) {
      gapListeners.add(listener);
      return () => {
        gapListeners.delete(listener);
      };
    },
    async ready() {
      await Promise.all(pending.splice(0));
    },
    async close() {
      isClosed = true;
      subscriber.disconnect();
    },
  };
}

function ignore() {}
