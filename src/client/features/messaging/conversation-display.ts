import type { Conversation } from '../../../shared/messaging/messages.contract.js';
import { vehicleDescription } from '../../../shared/vehicles/label.js';
import { colorLabel } from '../vehicles/vehicle-display.js';
import type { OtherSide } from './safety-texts.js';
import { conversationTexts } from './texts.js';

/** Spec §2 Home: the other party as "year make model", else "Vehicle Conversation"; a visitor by its label. */
export function otherPartyName(conversation: Conversation): string {
  const other = conversation.otherParty;
  if ('kind' in other) return other.label;
  return vehicleDescription(other) || conversationTexts.fallbackName;
}

/**
 * For the owner of the vehicle a conversation was written to, which of their vehicles that is ("to ABC-1234 ·
 * Red Camry"): an owner with several vehicles tells their threads apart by it. Nothing for the sender, whose
 * thread is named by that vehicle already.
 */
export function writtenTo(conversation: Conversation): string | null {
  const vehicle = conversation.vehicleOne;
  if (!isOwnersSide(conversation) || 'kind' in vehicle) return null;
  const description = [
    vehicle.color ? colorLabel(vehicle.color) : '',
    vehicleDescription({ year: null, make: vehicle.make, model: vehicle.model }),
  ]
    .filter(Boolean)
    .join(' ');
  return description
    ? conversationTexts.writtenToVehicle({ plate: vehicle.licensePlate, description })
    : conversationTexts.writtenTo({ plate: vehicle.licensePlate });
}

/**
 * The last message as a list shows it: its text, "No messages yet", or, in privacy mode (Settings, Privacy
 * & Automation), a line that hides it from whoever looks over the user's shoulder. The chat itself shows it.
 */
export function lastMessagePreview(conversation: Conversation, privacyMode: boolean): string {
  if (conversation.lastMessage === null) return conversationTexts.noMessages;
  return privacyMode ? conversationTexts.hiddenPreview : conversation.lastMessage;
}

/**
 * Who the other side of a conversation is, for what blocking them does (decision 0139): the owner of the
 * vehicle the caller wrote to, a sender with an account, or a visitor (who wrote without one).
 */
export function otherSideOf(conversation: Conversation): OtherSide {
  if (!isOwnersSide(conversation)) return 'owner';
  return conversation.otherIsVisitor ? 'visitor' : 'sender';
}

/**
 * The caller owns the vehicle the conversation was written to (side one): they answer with one tap. No
 * vehicle written to: its owner deleted their account (decision 0152), and the caller is the sender.
 */
export function isOwnersSide(conversation: Conversation): boolean {
  return conversation.vehicleOneId !== null && conversation.ownVehicleId === conversation.vehicleOneId;
}
