import { hashKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Contract } from '../../../shared/contract.js';
import {
  type Conversation,
  conversationListSchema,
  type Message,
  messageListSchema,
  unreadCountSchema,
} from '../../../shared/messaging/messages.contract.js';
import { type Vehicle, vehicleListSchema } from '../../../shared/vehicles/vehicles.responses.js';
import { MESSAGE_LIFETIME_MS } from '../../lib/message-time.js';
import { messagingKeys } from '../messaging/queries.js';
import { vehicleKeys } from '../vehicles/queries.js';

/**
 * What the device keeps of a signed-in user's own screens for when the app opens offline
 * (docs/decisions/0142-offline-that-is-useful.md): the answers of a few reads, as TanStack Query holds them,
 * with the time each was received. Kept deliberately (the API's answers are never stored by an HTTP cache,
 * decision 0052), for one account: its id goes with them, and they are dropped when that account is no longer
 * the one signed in.
 */
export interface SavedEntry {
  queryKey: QueryKey;
  data: unknown;
  /** When the server's answer was received (TanStack Query's dataUpdatedAt). */
  updatedAt: number;
}

export interface SavedData {
  userId: string;
  savedAt: number;
  entries: SavedEntry[];
}

/** Nothing older is ever shown: messages disappear 24 hours after they were written (ADDENDUM §3). */
export const SAVED_DATA_MAX_AGE_MS = MESSAGE_LIFETIME_MS;
/** The chats whose messages are kept: those of the most recent conversations. */
export const SAVED_CHATS = 10;

/** The lists kept, each with the contract of its answer. */
const lists: ReadonlyMap<string, Contract<unknown>> = new Map<string, Contract<unknown>>([
  [hashKey(vehicleKeys.all), vehicleListSchema],
  [hashKey(messagingKeys.conversations), conversationListSchema],
  [hashKey(messagingKeys.unreadCount), unreadCountSchema],
]);

const isMessagesKey = (key: QueryKey): key is readonly [string, string, string] =>
  key.length === 3 && key[0] === messagingKeys.conversations[0] && key[2] === 'messages';

/** The reads kept: the owner's vehicles, the conversations, the unread count and the messages of chats. */
export function isKeptForOffline(key: QueryKey): boolean {
  return lists.has(hashKey(key)) || isMessagesKey(key);
}

/** A saved answer still has its read's shape (one saved by an older version of the app may not). */
function hasItsShape(entry: SavedEntry): boolean {
  const contract = isMessagesKey(entry.queryKey) ? messageListSchema : lists.get(hashKey(entry.queryKey));
  return contract?.safeParse(entry.data).success ?? false;
}

/** A read whose answer, as shown, was kept or could be restored (the vehicle pages read one vehicle). */
export function isShownFromSaved(key: QueryKey): boolean {
  return isKeptForOffline(key) || (key.length === 2 && key[0] === vehicleKeys.all[0]);
}

const isRecent = (iso: string | null, now: number) =>
  iso !== null && now - Date.parse(iso) < SAVED_DATA_MAX_AGE_MS;

/**
 * Only what may still be shown at `now`: no conversation without a message in the last 24 hours (the server
 * lists none), no message older than 24 hours, the messages of the SAVED_CHATS most recent conversations only.
 */
export function pruneSaved(entries: readonly SavedEntry[], now: number): SavedEntry[] {
  const conversationsHash = hashKey(messagingKeys.conversations);
  const conversationsEntry = entries.find((entry) => hashKey(entry.queryKey) === conversationsHash);
  const conversations = ((conversationsEntry?.data ?? []) as Conversation[]).filter((conversation) =>
    isRecent(conversation.lastMessageAt, now),
  );
  const chats = new Set(
    [...conversations]
      .sort((a, b) => Date.parse(b.lastMessageAt ?? '') - Date.parse(a.lastMessageAt ?? ''))
      .slice(0, SAVED_CHATS)
      .map((conversation) => conversation.id),
  );
  const kept: SavedEntry[] = [];
  for (const entry of entries) {
    if (now - entry.updatedAt >= SAVED_DATA_MAX_AGE_MS) continue;
    if (entry === conversationsEntry) kept.push({ ...entry, data: conversations });
    else if (isMessagesKey(entry.queryKey)) {
      if (!chats.has(entry.queryKey[1])) continue;
      const messages = (entry.data as Message[]).filter((message) => isRecent(message.createdAt, now));
      kept.push({ ...entry, data: messages });
    } else kept.push(entry);
  }
  return kept;
}

/**
 * What to keep now for `userId`: the kept reads the cache holds, and, from `previous` (the same account's last
 * saving), the chats the cache has let go of since, pruned (pruneSaved).
 */
export function savedDataOf(
  client: QueryClient,
  userId: string,
  previous: SavedData | null,
  now: number,
): SavedData {
  const entries = new Map<string, SavedEntry>();
  if (previous?.userId === userId)
    for (const entry of previous.entries) entries.set(hashKey(entry.queryKey), entry);
  for (const query of client.getQueryCache().getAll()) {
    // A read answered null was answered without a session (spec §7): nothing of this account.
    if (!isKeptForOffline(query.queryKey) || query.state.status !== 'success' || query.state.data == null)
      continue;
    entries.set(query.queryHash, {
      queryKey: query.queryKey,
      data: query.state.data,
      updatedAt: query.state.dataUpdatedAt,
    });
  }
  return { userId, savedAt: now, entries: pruneSaved([...entries.values()], now) };
}

/** The saved answers by query hash, each of the owner's vehicles also as its own read (the QR code's page). */
export function restorableEntries(saved: SavedData, now: number): Map<string, SavedEntry> {
  const entries = new Map<string, SavedEntry>();
  for (const entry of pruneSaved(saved.entries.filter(hasItsShape), now)) {
    entries.set(hashKey(entry.queryKey), entry);
    if (hashKey(entry.queryKey) !== hashKey(vehicleKeys.all)) continue;
    for (const vehicle of entry.data as Vehicle[]) {
      const queryKey = vehicleKeys.one(vehicle.id);
      const hash = hashKey(queryKey);
      if (!entries.has(hash)) entries.set(hash, { queryKey, data: vehicle, updatedAt: entry.updatedAt });
    }
  }
  return entries;
}

/**
 * Gives a read that has nothing to show yet its saved answer, with the time it was received, so it counts as
 * stale and is read again as soon as the connection is back. A read under way keeps waiting: its answer
 * replaces the saved one. Answers whether it did.
 */
export function fillFromSaved(
  client: QueryClient,
  query: Query,
  entries: ReadonlyMap<string, SavedEntry>,
): boolean {
  const entry = entries.get(query.queryHash);
  if (entry === undefined || query.state.data !== undefined) return false;
  client.setQueryData(query.queryKey, entry.data, { updatedAt: entry.updatedAt });
  return true;
}

/**
 * When what the screen shows of the user's kept reads was received: the oldest of the answers on screen
 * (observed), or null when the screen shows none.
 */
export function shownSince(client: QueryClient): number | null {
  let oldest: number | null = null;
  for (const query of client.getQueryCache().getAll()) {
    if (!isShownFromSaved(query.queryKey) || query.getObserversCount() === 0) continue;
    if (query.state.data == null || query.state.dataUpdatedAt === 0) continue;
    oldest = Math.min(oldest ?? query.state.dataUpdatedAt, query.state.dataUpdatedAt);
  }
  return oldest;
}
