import type { ConversationSide } from '../db/schema.js';
import type { ConversationRow } from './rows.js';

/** Who may see and do what in a conversation: its two sides, and nobody else (ADDENDUM §1). */

/** The caller's side of a conversation, or undefined when they are not a participant. */
export function sideOf(conversation: ConversationRow, userId: string): ConversationSide | undefined {
  if (conversation.ownerOneId === userId) return 'one';
  if (conversation.userTwoId === userId) return 'two';
  return undefined;
}

/** The account of a side, if it has one (a visitor has none). */
export function userOfSide(
  conversation: Pick<ConversationRow, 'ownerOneId' | 'userTwoId'>,
  side: ConversationSide,
): string | null {
  return side === 'one' ? conversation.ownerOneId : conversation.userTwoId;
}

/** The account on the other side, if it has one (a visitor has none). */
export function otherUserOf(
  conversation: Pick<ConversationRow, 'ownerOneId' | 'userTwoId'>,
  side: ConversationSide,
): string | null {
  return userOfSide(conversation, side === 'one' ? 'two' : 'one');
}

/** What a side has deleted from its view ("delete conversation") ends at this time. */
export function clearedAtOf(
  conversation: Pick<ConversationRow, 'oneClearedAt' | 'twoClearedAt'>,
  side: ConversationSide,
): number {
  return side === 'one' ? conversation.oneClearedAt : conversation.twoClearedAt;
}

/**
 * Until when nobody can see the conversation's messages any more: the earlier of the two sides' clears,
 * or side one's alone when side two is a visitor (who reads no conversation). 0: someone sees them all.
 */
export function seenByNobodyUntil(
  conversation: Pick<ConversationRow, 'oneClearedAt' | 'twoClearedAt' | 'userTwoId'>,
): number {
  return conversation.userTwoId === null
    ? conversation.oneClearedAt
    : Math.min(conversation.oneClearedAt, conversation.twoClearedAt);
}

/**
 * When a message written at `at` is stamped: after both sides' clears, so that a message written in the
 * millisecond of a "delete conversation" (rule: shown when written after the clear) is not hidden by it.
 */
export function writtenAfterClears(
  conversation: Pick<ConversationRow, 'oneClearedAt' | 'twoClearedAt'>,
  at: number,
): number {
  return Math.max(at, conversation.oneClearedAt + 1, conversation.twoClearedAt + 1);
}

/** The vehicle a side writes as in this conversation. */
export function vehicleOf(conversation: ConversationRow, side: ConversationSide): string | null {
  return side === 'one' ? conversation.vehicleOneId : conversation.vehicleTwoId;
}

/**
 * Side two's account was deleted (decision 0149): nobody is left on it (no account, no visitor). Side one
 * keeps the conversation, shown as "Deleted account", and can no longer write to it.
 */
export function isSideTwoDeleted(
  conversation: Pick<ConversationRow, 'userTwoId' | 'visitorTwoHash'>,
): boolean {
  return conversation.userTwoId === null && conversation.visitorTwoHash === null;
}
