import type { Conversation } from '../../../shared/messaging/messages.js';
import { conversationTexts } from './texts.js';

/** Spec §2 Home: the other party as "year make model", else "Vehicle Conversation"; a visitor by its label. */
export function otherPartyName(conversation: Conversation): string {
  const other = conversation.otherParty;
  if ('kind' in other) return other.label;
  return `${other.year} ${other.make} ${other.model}`.trim() || conversationTexts.fallbackName;
}
