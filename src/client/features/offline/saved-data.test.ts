import { QueryClient, type QueryKey, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../../shared/messaging/messages.contract.js';
import type { Vehicle } from '../../../shared/vehicles/vehicles.responses.js';
import { queryKeys } from '../../lib/query-keys.js';
import { messagingKeys } from '../messaging/queries.js';
import { vehicleKeys } from '../vehicles/queries.js';
import {
  fillFromSaved,
  pruneSaved,
  restorableEntries,
  SAVED_CHATS,
  type SavedData,
  savedDataOf,
  shownSince,
} from './saved-data.js';
import { savedAtText } from './saved-data-notice.js';

const HOUR_MS = 60 * 60 * 1000;
const now = Date.now();
const ago = (hours: number) => new Date(now - hours * HOUR_MS).toISOString();

const vehicle = (id: string): Vehicle => ({
  id,
  make: 'Toyota',
  model: 'Camry',
  year: '2020',
  color: 'red',
  vehicleType: 'sedan',
  displayName: null,
  licensePlate: `ABC-${id}`,
  themePreset: 'default',
  acceptMessagesFrom: 'everyone',
  isActive: true,
  qrCode: `qr-${id}`,
  shortCode: 'ABCD1234',
  verificationWord: 'MAPLE',
});

const conversation = (id: string, lastMessageAt: string | null): Conversation => ({
  id,
  vehicleOneId: 'v1',
  vehicleTwoId: null,
  vehicleOne: vehicle('v1'),
  vehicleTwo: { kind: 'anonymous', label: 'Anonymous visitor' },
  block: null,
  unreadCount: 0,
  lastMessage: lastMessageAt ? 'Your lights are on' : null,
  lastMessageAt,
  canReply: true,
  ownerStatus: null,
  otherIsVisitor: true,
  otherParty: { kind: 'anonymous', label: 'Anonymous visitor' },
  ownVehicleId: null,
});

const message = (id: string, createdAt: string): Message => ({
  id,
  conversationId: 'c1',
  content: `message ${id}`,
  createdAt,
  senderVehicleId: null,
  vehicle: null,
  isRead: true,
  isMine: false,
});

const clients: QueryClient[] = [];
function newClient() {
  const client = new QueryClient();
  clients.push(client);
  return client;
}
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

describe('what is kept for offline use', () => {
  it('keeps the vehicles, conversations, unread count and chats the cache holds, not other reads nor empty answers', () => {
    const client = newClient();
    client.setQueryData(vehicleKeys.all, [vehicle('v1')], { updatedAt: now - HOUR_MS });
    client.setQueryData(messagingKeys.conversations, [conversation('c1', ago(1))]);
    client.setQueryData(messagingKeys.messagesOf('c1'), [message('m1', ago(1))]);
    client.setQueryData(messagingKeys.unreadCount, { count: 2 });
    client.setQueryData(vehicleKeys.inactive, [vehicle('v2')]);
    client.setQueryData(queryKeys.user, { id: 'ada' });
    // Read without a session (spec §7): nothing of this account.
    client.setQueryData(messagingKeys.messagesOf('c2'), null);

    const saved = savedDataOf(client, 'ada', null, now);
    expect(saved.userId).toBe('ada');
    expect(saved.entries.map((entry) => entry.queryKey)).toEqual([
      vehicleKeys.all,
      messagingKeys.conversations,
      messagingKeys.messagesOf('c1'),
      messagingKeys.unreadCount,
    ]);
    expect(saved.entries[0]?.updatedAt).toBe(now - HOUR_MS);
  });

  it("keeps the same account's chats the cache has let go of, never another account's", () => {
    const client = newClient();
    client.setQueryData(messagingKeys.conversations, [
      conversation('c1', ago(1)),
      conversation('c2', ago(2)),
    ]);
    const previous = (userId: string): SavedData => ({
      userId,
      savedAt: now - HOUR_MS,
      entries: [
        { queryKey: messagingKeys.messagesOf('c2'), data: [message('m2', ago(2))], updatedAt: now - HOUR_MS },
      ],
    });
    expect(savedDataOf(client, 'ada', previous('ada'), now).entries.map((entry) => entry.queryKey)).toEqual([
      messagingKeys.messagesOf('c2'),
      messagingKeys.conversations,
    ]);
    expect(savedDataOf(client, 'ada', previous('bob'), now).entries.map((entry) => entry.queryKey)).toEqual([
      messagingKeys.conversations,
    ]);
  });
});

describe('pruneSaved', () => {
  it('never keeps a message, a conversation or an answer older than 24 hours', () => {
    const entries = pruneSaved(
      [
        {
          queryKey: messagingKeys.conversations,
          data: [conversation('c1', ago(23)), conversation('old', ago(25)), conversation('none', null)],
          updatedAt: now - HOUR_MS,
        },
        {
          queryKey: messagingKeys.messagesOf('c1'),
          data: [message('gone', ago(24.1)), message('kept', ago(23))],
          updatedAt: now - HOUR_MS,
        },
        { queryKey: messagingKeys.messagesOf('old'), data: [], updatedAt: now - HOUR_MS },
        { queryKey: vehicleKeys.all, data: [vehicle('v1')], updatedAt: now - 24 * HOUR_MS },
      ],
      now,
    );
    expect(entries).toEqual([
      {
        queryKey: messagingKeys.conversations,
        data: [conversation('c1', ago(23))],
        updatedAt: now - HOUR_MS,
      },
      {
        queryKey: messagingKeys.messagesOf('c1'),
        data: [message('kept', ago(23))],
        updatedAt: now - HOUR_MS,
      },
    ]);
  });

  it(`keeps the messages of the ${SAVED_CHATS} most recent conversations`, () => {
    const ids = Array.from({ length: SAVED_CHATS + 2 }, (_, index) => `c${index}`);
    const entries = pruneSaved(
      [
        {
          queryKey: messagingKeys.conversations,
          data: ids.map((id, index) => conversation(id, ago(index))),
          updatedAt: now,
        },
        ...ids.map((id) => ({ queryKey: messagingKeys.messagesOf(id), data: [], updatedAt: now })),
      ],
      now,
    );
    expect(entries.filter((entry) => entry.queryKey.length === 3).map((entry) => entry.queryKey[1])).toEqual(
      ids.slice(0, SAVED_CHATS),
    );
  });
});

describe('restoring', () => {
  const saved: SavedData = {
    userId: 'ada',
    savedAt: now - HOUR_MS,
    entries: [
      { queryKey: vehicleKeys.all, data: [vehicle('v1'), vehicle('v2')], updatedAt: now - HOUR_MS },
      // Saved by another version of the app, in another shape.
      { queryKey: messagingKeys.unreadCount, data: { unread: 2 }, updatedAt: now - HOUR_MS },
    ],
  };

  it("offers each of the owner's vehicles as its own read too, and drops answers of another shape", () => {
    const entries = restorableEntries(saved, now);
    expect([...entries.values()].map((entry) => entry.queryKey)).toEqual([
      vehicleKeys.all,
      vehicleKeys.one('v1'),
      vehicleKeys.one('v2'),
    ]);
    expect(entries.get(JSON.stringify(vehicleKeys.one('v2')))?.data).toEqual(vehicle('v2'));
  });

  it('fills a read that has nothing yet, as received then (stale), and leaves one that has an answer', () => {
    const client = newClient();
    const entries = restorableEntries(saved, now);
    const cache = client.getQueryCache();
    const empty = cache.build(client, { queryKey: vehicleKeys.one('v1') as QueryKey });
    const answered = cache.build(client, { queryKey: vehicleKeys.all as QueryKey });
    client.setQueryData(vehicleKeys.all, [vehicle('v3')]);

    expect(fillFromSaved(client, empty, entries)).toBe(true);
    expect(fillFromSaved(client, answered, entries)).toBe(false);
    expect(client.getQueryData(vehicleKeys.one('v1'))).toEqual(vehicle('v1'));
    expect(client.getQueryState(vehicleKeys.one('v1'))?.dataUpdatedAt).toBe(now - HOUR_MS);
    expect(client.getQueryData(vehicleKeys.all)).toEqual([vehicle('v3')]);
  });
});

describe('the out-of-date mark', () => {
  it('dates what the screen shows by its oldest answer on screen', () => {
    const client = newClient();
    expect(shownSince(client)).toBeNull();
    client.setQueryData(vehicleKeys.all, [vehicle('v1')], { updatedAt: now - 2 * HOUR_MS });
    client.setQueryData(messagingKeys.conversations, [], { updatedAt: now - HOUR_MS });
    // In the cache but on no screen.
    client.setQueryData(messagingKeys.unreadCount, { count: 0 }, { updatedAt: now - 5 * HOUR_MS });
    const observers = [vehicleKeys.all, messagingKeys.conversations].map(
      (queryKey) => new QueryObserver(client, { queryKey, enabled: false }),
    );
    const stops = observers.map((observer) => observer.subscribe(() => undefined));
    expect(shownSince(client)).toBe(now - 2 * HOUR_MS);
    for (const stop of stops) stop();
  });

  const at = Date.parse('2026-12-01T14:32:00');
  it.each([
    [at - HOUR_MS, 'Showing what was saved at 13:32'],
    [Date.parse('2026-11-30T22:10:00'), 'Showing what was saved yesterday at 22:10'],
  ])('says when: %s', (since, text) => {
    expect(savedAtText(since, at, 'en-GB')).toBe(text);
  });

  it("in the reader's locale", () => {
    expect(savedAtText(at, at, 'en-US')).toBe('Showing what was saved at 2:32 PM');
  });
});
