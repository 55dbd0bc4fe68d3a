import { blockTexts, VISITOR_NETWORK_BLOCK_MS } from '../../shared/messaging/blocks.contract.js';
import { messageTexts } from '../../shared/messaging/messages.contract.js';
import { vehicleDescription } from '../../shared/vehicles/label.js';
import { notFound } from '../errors/http-error.js';
import { rateLimits } from '../rate-limit/rules.js';
import { type BlockSubject, type BlocksRepo, createBlocksRepo } from './blocks.repo.js';
import type { MessagingServiceDeps } from './messaging.deps.js';
import { otherUserOf, sideOf } from './messaging.policy.js';

/**
 * Blocking "the sender of this conversation" (ADDENDUM §1): the server resolves who that is (an account,
 * or a visitor's cookie hash) and keeps the block against it, with the blocker's side. The blocker only
 * ever sees a label (the other side's vehicle, or "Anonymous sender") and, when they are the owner who
 * blocked the sender of a message they received and that sender has an account, a masked address.
 */
export function createBlocksService(
  deps: Pick<MessagingServiceDeps, 'repo' | 'transaction' | 'limiter' | 'clock'> & { blocks: BlocksRepo },
) {
  const { blocks: repo, repo: messaging, limiter, clock } = deps;

  /**
   * A change of the blocker's blocks, with their inbox version last in its transaction: their conversation
   * list shows each conversation's block, so its cached answer moves with it (conversation-list.cache.ts).
   */
  const changeBlocks = <T>(blockerId: string, change: (blocks: BlocksRepo) => Promise<T>) =>
    deps.transaction(async (tx) => {
      const result = await change(createBlocksRepo(tx.db));
      await tx.touchInboxes([blockerId]);
      return result;
    });

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
      const label = vehicle ? vehicleDescription(vehicle) : blockTexts.anonymousSender;
      const now = clock();
      // A visitor's browser, and for a day the network they last wrote from (0139).
      const network =
        'visitorHash' in subject && conversation.visitorTwoNetwork
          ? { hash: conversation.visitorTwoNetwork, until: now + VISITOR_NETWORK_BLOCK_MS }
          : undefined;
      // The block's id: what unblocks it (the Undo of the toast that says it is done).
      return changeBlocks(blockerId, (blocks) =>
        blocks.insertBlock({ blockerId, blockerSide: side, subject, network, label, reason }, now),
      );
    },

    list: (blockerId: string) => repo.listBlocksOf(blockerId),

    /**
     * Unblocks by the block's id (404 when the caller has none such: ids are random), or, for compatibility,
     * by the blocked account's full address (docs/decisions/0124-unblock-by-address.md): limited per caller,
     * every attempt counted before anything is looked up, it matches only a block whose masked address the
     * caller sees (an owner's block of a sender), and answers alike whether or not it matched anything.
     */
    async unblock(blockerId: string, key: string) {
      if (key.includes('@')) {
        await limiter.consume(rateLimits.unblockByEmailPerUser, blockerId);
        // Whether or not it matched (the answer tells nothing), the list is made again.
        if (key.length <= 254) {
          await changeBlocks(blockerId, (blocks) =>
            blocks.deleteOwnerSideBlockByEmail(blockerId, key.toLowerCase()),
          );
        }
        return;
      }
      const isDeleted =
        key.length <= 254 && (await changeBlocks(blockerId, (blocks) => blocks.deleteBlock(blockerId, key)));
      if (!isDeleted) throw notFound(blockTexts.blockNotFound);
    },
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
