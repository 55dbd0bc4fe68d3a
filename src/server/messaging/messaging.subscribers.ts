import type { EventBus } from '../events/event-bus.js';
import { touchInboxesOfVehicle } from './inbox.repo.js';

/** What messaging does when other features announce a change (their events, src/server/events/events.ts). */
export function registerMessagingSubscribers(events: EventBus): void {
  // A vehicle's description shows in every list it is in: those lists' versions move with its change.
  events.subscribeInTransaction('vehicle.changed', ({ vehicleId, ownerId }, { db }) =>
    touchInboxesOfVehicle(db, { id: vehicleId, ownerId }),
  );
}
