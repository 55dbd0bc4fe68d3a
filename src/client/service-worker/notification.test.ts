import { describe, expect, it } from 'vitest';
import type { PushPayload } from '../../shared/push/push.contract.js';
import {
  GENERIC_NOTIFICATION,
  NOTIFICATION_BADGE_ICON,
  NOTIFICATION_ICON,
  notificationData,
  notificationFromPayload,
  readPushData,
} from './notification.js';

const origin = 'https://app.example';

/** A payload as the server's presenter makes it for a new message (src/server/push/push.presenter.ts). */
const messagePayload = {
  title: 'New message for your Family Camry (ABC-1234)',
  body: 'Your lights are on',
  tag: 'conversation-c1',
  url: '/conversations?open=c1',
  conversationId: 'c1',
  unreadCount: 3,
} satisfies PushPayload;

const pushData = (text: string) => ({ text: () => text });

const genericNotification = {
  title: GENERIC_NOTIFICATION.title,
  options: {
    body: GENERIC_NOTIFICATION.body,
    tag: GENERIC_NOTIFICATION.tag,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE_ICON,
    data: { url: '/', conversationId: null },
    renotify: true,
    silent: false,
  },
  unreadCount: null,
};

describe('the notification a push shows', () => {
  it('shows the server’s title, text and tag, with the app icons and where a click goes', () => {
    expect(notificationFromPayload(readPushData(pushData(JSON.stringify(messagePayload))), origin)).toEqual({
      title: messagePayload.title,
      options: {
        body: 'Your lights are on',
        tag: 'conversation-c1',
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_BADGE_ICON,
        data: { url: '/conversations?open=c1', conversationId: 'c1' },
        renotify: true,
        silent: false,
      },
      unreadCount: 3,
    });
  });

  // Issue 33, docs/decisions/0150: a push in the owner's quiet hours that is not urgent.
  it('shows a silent push without sound or vibration, quietly replacing the one before, the badge counting it', () => {
    const quiet = notificationFromPayload({ ...messagePayload, silent: true, unreadCount: 4 }, origin);
    expect(quiet.options).toMatchObject({ body: 'Your lights are on', silent: true, renotify: false });
    expect(quiet.options).not.toHaveProperty('vibrate');
    expect(quiet.unreadCount).toBe(4);
    // Absent (an older server), false, or not a boolean (a newer server's): it alerts as before.
    for (const silent of [undefined, false, 'yes', 1]) {
      const loud = notificationFromPayload({ ...messagePayload, silent }, origin);
      expect(loud.title, String(silent)).toBe(messagePayload.title);
      expect(loud.options).toMatchObject({ silent: false, renotify: true });
    }
  });

  it('passes an unread count of 0 on (the badge is cleared) and leaves the badge alone without one', () => {
    expect(notificationFromPayload({ ...messagePayload, unreadCount: 0 }, origin).unreadCount).toBe(0);
    expect(notificationFromPayload({ ...messagePayload, unreadCount: null }, origin).unreadCount).toBeNull();
  });

  it('shows the test notification the server sends (no conversation, no count)', () => {
    const test = {
      title: 'Test notification',
      body: 'Push notifications work on this device.',
      tag: 'test',
      url: '/profile',
      conversationId: null,
      unreadCount: null,
    } satisfies PushPayload;
    expect(notificationFromPayload(test, origin)).toMatchObject({
      title: 'Test notification',
      options: { tag: 'test', data: { url: '/profile', conversationId: null } },
      unreadCount: null,
    });
  });

  it.each([
    ['no data', null],
    ['an empty push', ''],
    ['text that is not JSON', 'hello'],
    ['JSON that is not an object', '42'],
    ['an object without a title', JSON.stringify({ body: 'sneaky', url: '/profile' })],
  ])('shows the generic notification for %s', (_case, text) => {
    const notification = notificationFromPayload(readPushData(text === null ? null : pushData(text)), origin);
    expect(notification).toEqual(genericNotification);
  });

  // The worker reads a push with the server's own contract (shared/push/push.contract.ts): a payload of
  // another shape (an older or newer server, a mistake) shows the generic notification, never half of it,
  // and leaves the badge alone (docs/decisions/0132-one-contract-dialect.md).
  it.each([
    ['a field missing', { title: 'Hello', conversationId: 'c9', unreadCount: 2 }],
    ['an empty title', { ...messagePayload, title: '' }],
    ['an empty tag', { ...messagePayload, tag: '' }],
    ['a body that is not text', { ...messagePayload, body: 42 }],
    ['a conversation id that is not text', { ...messagePayload, conversationId: 7 }],
    ['a negative unread count', { ...messagePayload, unreadCount: -1 }],
    ['a fractional unread count', { ...messagePayload, unreadCount: 1.5 }],
    ['an unread count as text', { ...messagePayload, unreadCount: '3' }],
    ['a list', [messagePayload]],
  ])(
    'shows the generic notification for a payload that does not match its contract: %s',
    (_case, payload) => {
      expect(notificationFromPayload(payload, origin)).toEqual(genericNotification);
    },
  );

  it("writes the generic notification's line in the browser's language, the brand as it is", () => {
    const german = notificationFromPayload(null, origin, 2, ['de-AT', 'en']);
    expect(german.title).toBe('Vehicle Contact');
    expect(german.options.body).toBe('Sie haben eine neue Benachrichtigung.');
    expect(notificationFromPayload(null, origin, 2, ['zh-TW']).options.body).toBe('您有一条新通知。');
    expect(notificationFromPayload(null, origin, 2, ['fr-FR']).options.body).toBe(
      'You have a new notification.',
    );
  });

  it('ignores keys the contract does not name', () => {
    expect(notificationFromPayload({ ...messagePayload, sender: 'someone' }, origin).title).toBe(
      messagePayload.title,
    );
  });

  it.each(['https://evil.example/phish', '//evil.example/phish', 'javascript:alert(1)', 'data:text/html,hi'])(
    'never leads to another origin: %s goes to the home page',
    (url) => {
      expect(notificationFromPayload({ ...messagePayload, url }, origin).options.data.url).toBe('/');
      expect(notificationData({ url, conversationId: 'c1' }, origin)).toEqual({
        url: '/',
        conversationId: 'c1',
      });
    },
  );

  it('accepts an absolute url of the app itself, kept as a path', () => {
    expect(
      notificationFromPayload(
        { ...messagePayload, url: 'https://app.example/conversations?open=c1#end' },
        origin,
      ).options.data.url,
    ).toBe('/conversations?open=c1#end');
  });

  describe("the owner's one-tap answers as its buttons (issue 32)", () => {
    const answers = [
      { action: 'on_my_way', title: 'On my way' },
      { action: 'five_minutes', title: "I'll be there in 5 minutes" },
      { action: 'not_mine', title: 'Not my car' },
      { action: 'moved', title: 'Moved, thanks' },
    ] as const;
    const ownersPayload = { ...messagePayload, actions: [...answers] } satisfies PushPayload;

    it('shows as many as the browser does, the first ones (Chrome: 2)', () => {
      expect(notificationFromPayload(ownersPayload, origin, 2).options.actions).toEqual(answers.slice(0, 2));
      expect(notificationFromPayload(ownersPayload, origin, 10).options.actions).toEqual(answers);
    });

    it('shows none where the browser shows none or does not say, and none without a conversation', () => {
      expect(notificationFromPayload(ownersPayload, origin, 0).options).not.toHaveProperty('actions');
      expect(notificationFromPayload(ownersPayload, origin).options).not.toHaveProperty('actions');
      expect(
        notificationFromPayload({ ...ownersPayload, conversationId: null }, origin, 2).options,
      ).not.toHaveProperty('actions');
    });

    it('shows the notification without buttons when they are not of its kind (a newer server)', () => {
      for (const actions of [
        [{ action: 'call_me', title: 'Call me' }],
        [{ action: 'on_my_way', title: '' }],
        'on_my_way',
      ]) {
        const shown = notificationFromPayload({ ...messagePayload, actions }, origin, 2);
        expect(shown.title).toBe(messagePayload.title);
        expect(shown.options).not.toHaveProperty('actions');
      }
    });
  });

  it('reads the click data kept on a notification, whatever it holds', () => {
    expect(notificationData({ url: '/conversations?open=c1', conversationId: 'c1' }, origin)).toEqual({
      url: '/conversations?open=c1',
      conversationId: 'c1',
    });
    expect(notificationData(undefined, origin)).toEqual({ url: '/', conversationId: null });
  });
});
