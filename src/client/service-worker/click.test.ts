import { describe, expect, it } from 'vitest';
import { answerOfAction, clickAction, type OpenWindow, postAnswer } from './click.js';

const origin = 'https://app.example';
const path = '/conversations?open=c1';
const open = (url: string, focused = false, visibilityState = 'hidden'): OpenWindow => ({
  url: `${origin}${url}`,
  focused,
  visibilityState,
});

describe('a click on a notification', () => {
  it('opens a window at the url when the app has none open', () => {
    expect(clickAction([], path, origin)).toEqual({ kind: 'open', path });
  });

  it('focuses the window already showing the conversation', () => {
    expect(clickAction([open('/', true, 'visible'), open(path)], path, origin)).toEqual({
      kind: 'focus',
      index: 1,
      isThere: true,
    });
  });

  it('otherwise focuses the focused window, then a visible one, then the first, which then goes there', () => {
    expect(clickAction([open('/profile'), open('/', true, 'visible')], path, origin)).toEqual({
      kind: 'focus',
      index: 1,
      isThere: false,
    });
    expect(clickAction([open('/profile'), open('/', false, 'visible')], path, origin)).toMatchObject({
      index: 1,
    });
    expect(clickAction([open('/profile'), open('/')], path, origin)).toMatchObject({
      index: 0,
      isThere: false,
    });
  });

  it('does not count another conversation of the same page as being there', () => {
    expect(clickAction([open('/conversations?open=c2', true)], path, origin)).toEqual({
      kind: 'focus',
      index: 0,
      isThere: false,
    });
  });

  it('never focuses a window of another origin', () => {
    expect(
      clickAction(
        [{ url: 'https://evil.example/', focused: true, visibilityState: 'visible' }],
        path,
        origin,
      ),
    ).toEqual({ kind: 'open', path });
  });
});

describe("a click on one of the notification's buttons (the owner's one-tap answers)", () => {
  it('stands for its answer; a click on the notification itself, or an unknown button, for none', () => {
    expect(answerOfAction('on_my_way')).toBe('on_my_way');
    expect(answerOfAction('not_mine')).toBe('not_mine');
    expect(answerOfAction('')).toBeNull();
    expect(answerOfAction(undefined)).toBeNull();
    expect(answerOfAction('toString')).toBeNull();
  });

  const answering = (answer: () => Response | Promise<Response>) => {
    const asked: Array<{ path: string; init: RequestInit | undefined }> = [];
    const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push({ path: String(input), init });
      return answer();
    }) as typeof fetch;
    return { asked, fetcher };
  };

  it("posts the answer to the conversation's status with the session's cookie", async () => {
    const { asked, fetcher } = answering(() =>
      Response.json({ message: 'Status sent', ownerStatus: { code: 'on_my_way' } }),
    );
    expect(await postAnswer(fetcher, 'c/1', 'on_my_way')).toBe(true);
    expect(asked).toEqual([
      {
        path: '/api/conversations/c%2F1/status',
        init: expect.objectContaining({
          method: 'POST',
          credentials: 'include',
          body: JSON.stringify({ code: 'on_my_way' }),
          headers: expect.objectContaining({ 'content-type': 'application/json' }),
        }),
      },
    ]);
    expect(asked[0]?.init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('says it was not taken when signed out, refused or unreachable: the worker opens the chat instead', async () => {
    for (const status of [401, 400, 404, 429, 503]) {
      const { fetcher } = answering(() => Response.json({ message: 'no' }, { status }));
      expect(await postAnswer(fetcher, 'c1', 'moved'), String(status)).toBe(false);
    }
    const offline = answering(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await postAnswer(offline.fetcher, 'c1', 'moved')).toBe(false);
  });
});
