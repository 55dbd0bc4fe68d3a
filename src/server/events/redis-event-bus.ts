import type { Redis } from 'ioredis';
import type { DomainEventName } from '../../shared/events.js';
import { UnavailableError } from '../plugins/errors.js';
import {
  type EventBus,
  type HandlerErrorReporter,
  LocalSubscribers,
  TransactionalSubscribers,
} from './event-bus.js';

/**
 * Every instance hears every event: each event is PUBLISHed on its own channel and each instance
 * SUBSCRIBEs, on a connection of its own (a subscribed connection can do nothing else), to the channels it
 * has handlers for. The publisher hears its own events through Redis too, so each handler runs once.
 */
export async function createRedisEventBus(
  redis: Redis,
  onHandlerError: HandlerErrorReporter,
  prefix = 'events:',
): Promise<EventBus> {
  const subscriber = redis.duplicate({ lazyConnect: true, enableOfflineQueue: true });
  subscriber.on('error', () => undefined); // reconnects by itself; `redis` reports the outage
  await subscriber.connect();
  const subscribers = new LocalSubscribers(onHandlerError);
  const channelOf = (name: DomainEventName) => `${prefix}${name}`;
  const pending: Promise<void>[] = [];

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
    publishInTransaction: (name, payload, db) => inTransaction.run(name, payload, db),
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
      // Queued while (re)connecting; ioredis re-subscribes after a reconnect by itself.
      if (isFirst) {
        pending.push(
          subscriber.subscribe(channelOf(name)).then(
            () => undefined,
            (error: unknown) => onHandlerError(error, name),
          ),
        );
      }
      return remove;
    },
    async ready() {
      await Promise.all(pending.splice(0));
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
