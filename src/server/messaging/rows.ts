import type { Selectable } from 'kysely';
import type { ConversationsTable, MessagesTable } from '../db/schema.js';

/** A conversation as stored: its two sides, their clears, and when it was last written to. */
export type ConversationRow = Selectable<ConversationsTable>;
export type MessageRow = Selectable<MessagesTable>;
