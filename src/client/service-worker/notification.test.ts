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
      },
      unreadCount: 3,
    });
  });

  it('passes an unread count of 0 on (the badge is cleared) and leaves the badge alone without one', () => {
    expect(notificationFromPayload({ ...messagePayload, unreadCount: 0 }, origin).unreadCount).toBe(0);
    expect(notificationFromPayload({ ...messagePayload, unreadCount: null }, origin).unreadCount).toBeNull();
    expect(notificationFromPayload({ ...messagePayload, unreadCount: -1 }, origin).unreadCount).toBeNull();
    expect(notificationFromPayload({ ...messagePayload, unreadCount: 1.5 }, origin).unreadCount).toBeNull();
  });

  it.each([
    ['no data', null],
    ['an empty push', ''],
    ['text that is not JSON', 'hello'],
    ['JSON that is not an object', '42'],
    ['an object without a title', JSON.stringify({ body: 'sneaky', url: '/profile' })],
  ])('still shows the generic notification for %s', (_case, text) => {
    const notification = notificationFromPayload(readPushData(text === null ? null : pushData(text)), origin);
    expect(notification.title).toBe(GENERIC_NOTIFICATION.title);
    expect(notification.options.body).toBe(GENERIC_NOTIFICATION.body);
    expect(notification.options.tag).toBe(GENERIC_NOTIFICATION.tag);
    expect(notification.options.data.url.startsWith('/')).toBe(true);
  });

  it('keeps what is usable of an incomplete payload', () => {
    const notification = notificationFromPayload(
      { title: 'Hello', conversationId: 'c9', unreadCount: 2 },
      origin,
    );
    expect(notification.title).toBe('Hello');
    expect(notification.options.body).toBe('');
    // Notifications of one conversation still replace each other.
    expect(notification.options.tag).toBe('conversation-c9');
    expect(notification.options.data).toEqual({ url: '/', conversationId: 'c9' });
    expect(notification.unreadCount).toBe(2);
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

  it('reads the click data kept on a notification, whatever it holds', () => {
    expect(notificationData({ url: '/conversations?open=c1', conversationId: 'c1' }, origin)).toEqual({
      url: '/conversations?open=c1',
      conversationId: 'c1',
    });
    expect(notificationData(undefined, origin)).toEqual({ url: '/', conversationId: null });
  });
});
