import { describe, expect, it } from 'vitest';
import { clickAction, type OpenWindow } from './click.js';

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
