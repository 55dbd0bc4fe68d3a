import type { DomainEventName, DomainEvents } from '../../shared/events.js';

export type EventHandler<Name extends DomainEventName> = (
  payload: DomainEvents[Name],
) => void | Promise<void>;

/**
 * How one feature learns of another's events (docs/decisions/0070-event-bus.md). In-process for one
 * instance; Redis pub/sub so every instance hears every event. Delivery is at most once and after the
 * publisher's commit: what must not be lost (a push notification) is also written to the database.
 */
export interface EventBus {
  /** Hands the event to every subscriber on every instance; resolves once it has been sent. */
  publish<Name extends DomainEventName>(name: Name, payload: DomainEvents[Name]): Promise<void>;
  /** Calls `handler` for each event of `name`; answers the unsubscribe function. */
  subscribe<Name extends DomainEventName>(name: Name, handler: EventHandler<Name>): () => void;
  /** Resolves once every subscription made so far is live (Redis has confirmed it). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Reports a subscriber that threw, without a payload (it may name users). */
export type HandlerErrorReporter = (error: unknown, name: DomainEventName) => void;

/** The subscribers of one process, and how an event reaches them (used by both buses). */
export class LocalSubscribers {
  private readonly handlers = new Map<DomainEventName, Set<EventHandler<never>>>();

  constructor(private readonly onHandlerError: HandlerErrorReporter) {}

  add<Name extends DomainEventName>(name: Name, handler: EventHandler<Name>): () => void {
    let set = this.handlers.get(name);
    if (!set) {
      set = new Set();
      this.handlers.set(name, set);
    }
    set.add(handler as EventHandler<never>);
    return () => {
      set.delete(handler as EventHandler<never>);
    };
  }

  has(name: DomainEventName): boolean {
    return (this.handlers.get(name)?.size ?? 0) > 0;
  }

  /** Runs every handler of `name`; one that throws or rejects does not stop the others. */
  deliver<Name extends DomainEventName>(name: Name, payload: DomainEvents[Name]): void {
    for (const handler of this.handlers.get(name) ?? []) {
      try {
        Promise.resolve((handler as EventHandler<Name>)(payload)).catch((error: unknown) =>
          this.onHandlerError(error, name),
        );
      } catch (error) {
        this.onHandlerError(error, name);
      }
    }
  }
}

/** One instance: events reach this process's subscribers, after the publisher's current task. */
export function createInProcessEventBus(onHandlerError: HandlerErrorReporter): EventBus {
  const subscribers = new LocalSubscribers(onHandlerError);
  return {
    async publish(name, payload) {
      const copy = structuredClone(payload);
      setImmediate(() => subscribers.deliver(name, copy));
    },
    subscribe: (name, handler) => subscribers.add(name, handler),
    ready: async () => undefined,
    close: async () => undefined,
  };
}
