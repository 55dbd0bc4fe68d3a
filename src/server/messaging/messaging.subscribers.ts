import type { Clock } from '../clock.js';
import type { EventBus } from '../events/event-bus.js';
import { deleteMessagingOfAccount } from './account-deletion.repo.js';
import { createFeedbackRepo } from './feedback.repo.js';
import { touchInboxesOfVehicle } from './inbox.repo.js';

/** What messaging does when other features announce a change (their events, src/server/events/events.ts). */
export function registerMessagingSubscribers(events: EventBus, clock: Clock): void {
  // A vehicle's description shows in every list it is in: those lists' versions move with its change.
  events.subscribeInTransaction('vehicle.changed', ({ vehicleId, ownerId }, { db }) =>
    touchInboxesOfVehicle(db, { id: vehicleId, ownerId }),
  );
  // An account being deleted: the ratings it gave and those about it go (decision 0151).
  events.subscribeInTransaction('account.deleting', ({ userId }, { db }) =>
    createFeedbackRepo(db).deleteOfAccount(userId),
  );
  // An account being deleted: its messages, blocks and settings go with it, and its side of each of its
  // conversations (decisions 0149, 0152). The other participants no longer see its messages: what was
  // queued to notify them goes too.
  events.subscribeInTransaction('account.deleting', async ({ userId }, scope) => {
    const clearedAt = clock();
    for (const gone of await deleteMessagingOfAccount(scope.db, userId)) {
      if (!gone.otherUserId || gone.messageIds.length === 0) continue;
      await events.publishInTransaction(
        'conversation.cleared',
        {
          conversationId: gone.conversationId,
          userId: gone.otherUserId,
          clearedAt,
          hiddenMessageIds: gone.messageIds,
        },
        scope,
      );
    }
  });
}
