import type { TransactionScope } from '../db/transaction.js';
import type { DomainEventName, DomainEvents, TransactionEventName, TransactionEvents } from './events.js';

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
  /**
   * Calls `handler` inside the publisher's transaction, with its scope, before the commit: what it writes
   * commits or rolls back with what caused the event (a push notification's queue row, ADDENDUM §10), and
   * what it hands to `scope.afterCommit` runs once that is durable. This process's handlers only; a handler
   * that fails fails the transaction.
   */
  subscribeInTransaction<Name extends TransactionEventName>(
    name: Name,
    handler: TransactionalHandler<Name>,
  ): () => void;
  /** Runs the in-transaction handlers of `name`, in order, in the transaction of `scope`. */
  publishInTransaction<Name extends TransactionEventName>(
    name: Name,
    payload: TransactionEvents[Name],
    scope: TransactionScope,
  ): Promise<void>;
  /**
   * Tells `listener` when this instance stops hearing events (Redis lost its subscription) and when it hears
   * them again: what was published in between never reached it. Never called in-process.
   */
  watchDelivery(listener: DeliveryGapListener): () => void;
  /** Resolves once every subscription made so far is live (Redis has confirmed it). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The two ends of a gap in what an instance hears (EventBus.watchDelivery). */
export interface DeliveryGapListener {
  /** The subscription was lost: events published from now on may not reach this instance. */
  lost(): void;
  /** Every subscription is live again (Redis confirmed it): events reach this instance again. */
  resumed(): void;
}

export type TransactionalHandler<Name extends TransactionEventName> = (
  payload: TransactionEvents[Name],
  scope: TransactionScope,
) => Promise<void>;

/** Handlers by event name: what both kinds of subscribers keep. */
class HandlerSets<Handler> {
  private readonly byName = new Map<string, Set<Handler>>();

  add(name: string, handler: Handler): () => void {
    let set = this.byName.get(name);
    if (!set) {
      set = new Set();
      this.byName.set(name, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  of(name: string): ReadonlySet<Handler> {
    return this.byName.get(name) ?? new Set();
  }
}

/** The in-transaction handlers of one process (both buses). */
export class TransactionalSubscribers {
  private readonly handlers = new HandlerSets<TransactionalHandler<never>>();

  add<Name extends TransactionEventName>(name: Name, handler: TransactionalHandler<Name>): () => void {
    return this.handlers.add(name, handler as TransactionalHandler<never>);
  }

  async run<Name extends TransactionEventName>(
    name: Name,
    payload: TransactionEvents[Name],
    scope: TransactionScope,
  ): Promise<void> {
    for (const handler of this.handlers.of(name)) {
      await (handler as TransactionalHandler<Name>)(payload, scope);
    }
  }
}

/** Reports a subscriber that threw, without a payload (it may name users). */
export type HandlerErrorReporter = (error: unknown, name: DomainEventName) => void;

/** The subscribers of one process, and how an event reaches them (used by both buses). */
export class LocalSubscribers {
  private readonly handlers = new HandlerSets<EventHandler<never>>();

  constructor(private readonly onHandlerError: HandlerErrorReporter) {}

  add<Name extends DomainEventName>(name: Name, handler: EventHandler<Name>): () => void {
    return this.handlers.add(name, handler as EventHandler<never>);
  }

  has(name: DomainEventName): boolean {
    return this.handlers.of(name).size > 0;
  }

  /** Runs every handler of `name`; one that throws or rejects does not stop the others. */
  deliver<Name extends DomainEventName>(name: Name, payload: DomainEvents[Name]): void {
    for (const handler of this.handlers.of(name)) {
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
  const inTransaction = new TransactionalSubscribers();
  return {
    subscribeInTransaction: (name, handler) => inTransaction.add(name, handler),
    publishInTransaction: (name, payload, scope) => inTransaction.run(name, payload, scope),
    async publish(name, payload) {
      const copy = structuredClone(payload);
      setImmediate(() => subscribers.deliver(name, copy));
    },
    subscribe: (name, handler) => subscribers.add(name, handler),
    watchDelivery: () => () => undefined,
    ready: async () => undefined,
    close: async () => undefined,
  };
}
