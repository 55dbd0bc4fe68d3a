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
 * or side one's alone when side two is a visitor (who reads no conversation), or side two's alone when
 * side one's owner deleted their account (0152). 0: someone sees them all.
 */
export function seenByNobodyUntil(
  conversation: Pick<ConversationRow, 'oneClearedAt' | 'twoClearedAt' | 'ownerOneId' | 'userTwoId'>,
): number {
  if (conversation.ownerOneId === null) return conversation.twoClearedAt;
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
 * The account of a side was deleted and the other side kept the conversation (decisions 0149, 0152):
 * nobody is left on it. Side one (the owner): no owner. Side two (the sender): no account, no visitor.
 */
export function isSideDeleted(
  conversation: Pick<ConversationRow, 'ownerOneId' | 'userTwoId' | 'visitorTwoHash'>,
  side: ConversationSide,
): boolean {
  return side === 'one'
    ? conversation.ownerOneId === null
    : conversation.userTwoId === null && conversation.visitorTwoHash === null;
}

/**
 * The other side of `side` is a deleted account: `side` sees it as "Deleted account" and can no longer
 * write to it (a reply or a one-tap answer answers 410).
 */
export function isOtherSideDeleted(
  conversation: Pick<ConversationRow, 'ownerOneId' | 'userTwoId' | 'visitorTwoHash'>,
  side: ConversationSide,
): boolean {
  return isSideDeleted(conversation, side === 'one' ? 'two' : 'one');
}
