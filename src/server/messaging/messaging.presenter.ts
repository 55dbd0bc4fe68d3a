import {
  type AnonymousParty,
  type Conversation,
  type Message,
  messageTexts,
} from '../../shared/messaging/messages.contract.js';
import {
  OWNER_STATUS_CODES,
  type OwnerStatus,
  type OwnerStatusCode,
  ownerStatusTexts,
} from '../../shared/messaging/status.contract.js';
import type { ConversationSide } from '../db/schema.js';
import { type PublicVehicleRow, presentPublicVehicle } from '../vehicles/vehicles.port.js';
import { isSideDeleted } from './messaging.policy.js';
import type { MessagingRepo } from './messaging.repo.js';
import type { ConversationRow } from './rows.js';

/** A stored message with its sender vehicle's description, as the repo reads it. */
export type MessageView = Awaited<ReturnType<MessagingRepo['findMessageViewOf']>>;

// Named in the language of the request they are presented to.
const anonymousParty = (): AnonymousParty => ({ kind: 'anonymous', label: messageTexts.anonymousVisitor });
const deletedParty = (): AnonymousParty => ({ kind: 'anonymous', label: messageTexts.deletedAccount });

/** Side two as side one sees it: its vehicle, else a visitor, else (nobody left: 0149) a deleted account. */
const sideTwoOf = (conversation: ConversationRow, vehicleTwo: PublicVehicleRow | null) => {
  if (vehicleTwo) return presentPublicVehicle(vehicleTwo);
  return isSideDeleted(conversation, 'two') ? deletedParty() : anonymousParty();
};

/** Side one as side two sees it: the vehicle written to, or (its owner deleted their account: 0152) a deleted account. */
const sideOneOf = (vehicleOne: PublicVehicleRow | null) =>
  vehicleOne ? presentPublicVehicle(vehicleOne) : deletedParty();

/**
 * A message as a participant sees it. The anonymity promise (ADDENDUM §1): of the sender, only the public
 * description of the vehicle they wrote as; never an account, an email or an address.
 */
export function presentMessage(message: MessageView, viewerSide: ConversationSide): Message {
  return {
    id: message.id,
    conversationId: message.conversationId,
    content: message.content,
    createdAt: new Date(message.createdAt).toISOString(),
    senderVehicleId: message.senderVehicleId,
    vehicle:
      message.senderVehicleId &&
      message.make !== null &&
      message.model !== null &&
      message.licensePlate !== null
        ? { make: message.make, model: message.model, licensePlate: message.licensePlate }
        : null,
    isRead: message.isRead === 1,
    isMine: message.senderSide === viewerSide,
    urgent: Number(message.urgent) === 1,
  };
}

/** A conversation as one participant sees it: both vehicles' public shapes, or an anonymous marker. */
export function presentConversation(view: {
  conversation: ConversationRow;
  side: ConversationSide;
  vehicleOne: PublicVehicleRow | null;
  vehicleTwo: PublicVehicleRow | null;
  lastMessage: MessageView | null;
  unreadCount: number;
  canReply: boolean;
  block: { id: string; networkBlockedUntil: number | null } | null;
}): Conversation {
  return {
    id: view.conversation.id,
    vehicleOneId: view.conversation.vehicleOneId,
    vehicleTwoId: view.conversation.vehicleTwoId,
    vehicleOne: sideOneOf(view.vehicleOne),
    vehicleTwo: sideTwoOf(view.conversation, view.vehicleTwo),
    unreadCount: view.unreadCount,
    lastMessage: view.lastMessage?.content ?? null,
    lastMessageAt: view.lastMessage ? new Date(view.lastMessage.createdAt).toISOString() : null,
    canReply: view.canReply,
    ownerStatus: presentOwnerStatus(view.conversation),
    otherIsVisitor: view.side === 'one' && view.conversation.visitorTwoHash !== null,
    block: view.block && {
      id: view.block.id,
      networkUntil:
        view.block.networkBlockedUntil === null
          ? null
          : new Date(view.block.networkBlockedUntil).toISOString(),
    },
    ...(view.side === 'one'
      ? {
          otherParty: sideTwoOf(view.conversation, view.vehicleTwo),
          ownVehicleId: view.conversation.vehicleOneId,
        }
      : { otherParty: sideOneOf(view.vehicleOne), ownVehicleId: view.conversation.vehicleTwoId }),
  };
}

/** The owner's latest one-tap answer in a conversation, with its words (issue 32). */
export function presentOwnerStatus(
  conversation: Pick<ConversationRow, 'ownerStatus' | 'ownerStatusAt'>,
): OwnerStatus | null {
  const { ownerStatus: code, ownerStatusAt: at } = conversation;
  if (code === null || at === null || !(OWNER_STATUS_CODES as readonly string[]).includes(code)) return null;
  const known = code as OwnerStatusCode;
  return { code: known, text: ownerStatusTexts[known], at: new Date(Number(at)).toISOString() };
}
