import type { Conversation } from '../../../shared/messaging/messages.js';
import { conversationTexts } from './texts.js';

/** Spec §2 Home: the other party as "year make model", else "Vehicle Conversation"; a visitor by its label. */
export function otherPartyName(conversation: Conversation): string {
  const other = conversation.otherParty;
  if ('kind' in other) return other.label;
  return `${other.year} ${other.make} ${other.model}`.trim() || conversationTexts.fallbackName;
}

/**
 * Whether the caller owns the vehicle that was written to, so the other side is the sender: the one side that
 * can block (ADDENDUM §1: an owner blocks "the sender of this conversation").
 */
export function isOwnersSide(conversation: Conversation): boolean {
  return conversation.ownVehicleId === conversation.vehicleOneId;
}
