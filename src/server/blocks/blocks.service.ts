import { blockTexts } from '../../shared/messaging/blocks.js';
import { messageTexts } from '../../shared/messaging/messages.js';
import type { Clock } from '../clock.js';
import { otherUserOf, sideOf } from '../messaging/messaging.policy.js';
import type { MessagingRepo } from '../messaging/messaging.repo.js';
import { notFound } from '../plugins/errors.js';
import type { BlockSubject, BlocksRepo } from './blocks.repo.js';

/**
 * Blocking "the sender of this conversation" (ADDENDUM §1): the server resolves who that is (an account,
 * or a visitor's cookie hash) and keeps the block against it. The blocker only ever sees a label (the
 * sender vehicle's description, or "Anonymous sender") and, for an account, a masked address.
 */
export function createBlocksService(deps: { repo: BlocksRepo; messaging: MessagingRepo; clock: Clock }) {
  const { repo, messaging, clock } = deps;

  return {
    async block(blockerId: string, conversationId: string, reason: string | null) {
      const conversation = await messaging.findConversationOf(blockerId, conversationId);
      const side = conversation && sideOf(conversation, blockerId);
      if (!conversation || !side) throw notFound(messageTexts.conversationNotFound);
      const otherUserId = otherUserOf(conversation, side);
      const subject: BlockSubject | undefined = otherUserId
        ? { userId: otherUserId }
        : conversation.visitorTwoHash
          ? { visitorHash: conversation.visitorTwoHash }
          : undefined;
      if (!subject) throw notFound(messageTexts.conversationNotFound);
      const otherVehicleId = side === 'one' ? conversation.vehicleTwoId : conversation.vehicleOneId;
      const [vehicle] = otherVehicleId ? await messaging.findPublicVehicles([otherVehicleId]) : [];
      const label = vehicle ? `${vehicle.year} ${vehicle.make} ${vehicle.model}` : blockTexts.anonymousSender;
      await repo.insertBlock({ blockerId, subject, label, reason }, clock());
    },

    list: (blockerId: string) => repo.listBlocksOf(blockerId),

    /** Unblocks by the block's id, or (for compatibility) by the blocked account's full address. */
    async unblock(blockerId: string, key: string) {
      const isDeleted =
        key.length <= 254 &&
        (await repo.deleteBlock(blockerId, key.includes('@') ? { email: key.toLowerCase() } : { id: key }));
      if (!isDeleted) throw notFound(blockTexts.blockNotFound);
    },
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
