import type { Selectable } from 'kysely';
import type { ConversationsTable, MessagesTable } from '../db/schema.js';

/** A conversation as stored: its two sides, their clears, and when it was last written to. */
export type ConversationRow = Selectable<ConversationsTable>;
/** A message as written; what becomes of it afterwards (delivered, read, notified again) is MessageStateRow's. */
export type MessageRow = Omit<Selectable<MessagesTable>, 'deliveredAt' | 'readAt' | 'notifiedAgainAt'>;
export type MessageStateRow = Selectable<MessagesTable>;
