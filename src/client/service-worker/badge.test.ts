import { describe, expect, it } from 'vitest';
import { applyBadge, readUnreadCount } from './badge.js';
import { BADGE_UPDATE_FAILED, BADGE_UPDATED, UNREAD_COUNT_PATH } from './messages.js';

/** A browser's Badging API as the worker sees it, recording what it was asked. */
function badgingNavigator(failWith?: Error) {
  const calls: string[] = [];
  return {
    calls,
    async setAppBadge(contents?: number) {
      calls.push(`set ${contents}`);
      if (failWith) throw failWith;
    },
    async clearAppBadge() {
      calls.push('clear');
      if (failWith) throw failWith;
    },
  };
}

describe('setting the app badge', () => {
  it('sets the count, and clears the badge at 0', async () => {
    const navigator = badgingNavigator();
    expect(await applyBadge(navigator, 5, 'push')).toEqual({
      type: BADGE_UPDATED,
      count: 5,
      trigger: 'push',
    });
    expect(await applyBadge(navigator, 0, 'page')).toEqual({
      type: BADGE_UPDATED,
      count: 0,
      trigger: 'page',
    });
    expect(navigator.calls).toEqual(['set 5', 'clear']);
  });

  it('reports a browser without the Badging API, or one that refuses, as BADGE_UPDATE_FAILED', async () => {
    expect(await applyBadge({}, 2, 'page')).toMatchObject({
      type: BADGE_UPDATE_FAILED,
      count: 2,
      trigger: 'page',
    });
    const refusing = badgingNavigator(new DOMException('not allowed', 'NotAllowedError'));
    expect(await applyBadge(refusing, 2, 'refresh')).toEqual({
      type: BADGE_UPDATE_FAILED,
      error: 'NotAllowedError: not allowed',
      count: 2,
      trigger: 'refresh',
    });
  });
});

describe('reading the unread count', () => {
  const answering = (response: () => Response) => {
    const asked: Array<{ path: string; init: RequestInit | undefined }> = [];
    const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push({ path: String(input), init });
      return response();
    }) as typeof fetch;
    return { asked, fetcher };
  };

  it('reads {count} with the session’s cookie', async () => {
    const { asked, fetcher } = answering(() => Response.json({ count: 7 }));
    expect(await readUnreadCount(fetcher)).toEqual({ kind: 'count', count: 7 });
    expect(asked).toEqual([
      { path: UNREAD_COUNT_PATH, init: expect.objectContaining({ credentials: 'include' }) },
    ]);
  });

  it('tells a signed-out session (401) from a failure', async () => {
    expect(
      await readUnreadCount(answering(() => Response.json({ message: 'x' }, { status: 401 })).fetcher),
    ).toEqual({
      kind: 'signed-out',
    });
    expect(
      await readUnreadCount(answering(() => new Response('down', { status: 503 })).fetcher),
    ).toMatchObject({
      kind: 'failed',
    });
    expect(await readUnreadCount(answering(() => new Response('<html>')).fetcher)).toMatchObject({
      kind: 'failed',
    });
    expect(await readUnreadCount(answering(() => Response.json({ count: -1 })).fetcher)).toMatchObject({
      kind: 'failed',
    });
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await readUnreadCount(offline)).toEqual({ kind: 'failed', error: 'TypeError: Failed to fetch' });
  });
});
