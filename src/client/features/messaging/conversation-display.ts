import type { Conversation } from '../../../shared/messaging/messages.contract.js';
import { vehicleDescription } from '../../../shared/vehicles/label.js';
import { conversationTexts } from './texts.js';

/** Spec §2 Home: the other party as "year make model", else "Vehicle Conversation"; a visitor by its label. */
export function otherPartyName(conversation: Conversation): string {
  const other = conversation.otherParty;
  if ('kind' in other) return other.label;
  return vehicleDescription(other) || conversationTexts.fallbackName;
}

/**
 * The last message as a list shows it: its text, "No messages yet", or, in privacy mode (Settings, Privacy
 * & Automation), a line that hides it from whoever looks over the user's shoulder. The chat itself shows it.
 */
export function lastMessagePreview(conversation: Conversation, privacyMode: boolean): string {
  if (conversation.lastMessage === null) return conversationTexts.noMessages;
  return privacyMode ? conversationTexts.hiddenPreview : conversation.lastMessage;
}
