import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type BrowserNetwork,
  createConnectivity,
  isNoAnswer,
  recheckDelayMs,
  watchReachability,
} from './connectivity.js';

/** A browser whose network the test switches, firing its online and offline events. */
function fakeBrowser(initiallyOnline = true) {
  let online = initiallyOnline;
  const watchers = new Set<(isOnline: boolean) => void>();
  const browser: BrowserNetwork = {
    isOnline: () => online,
    watch(onChange) {
      watchers.add(onChange);
      return () => watchers.delete(onChange);
    },
  };
  const set = (value: boolean) => {
    online = value;
    for (const watcher of watchers) watcher(value);
  };
  return { browser, set, watcherCount: () => watchers.size };
}

describe('createConnectivity', () => {
  it('is online while the browser has a network and the API answers', () => {
    const { browser } = fakeBrowser();
    const state = createConnectivity(browser);
    expect(state.isOnline()).toBe(true);
    state.reportAnswer();
    expect(state.isOnline()).toBe(true);
    expect(state.isServerUnreachable()).toBe(false);
  });

  it('is offline from a call that got no answer until one that got an answer, the browser saying online', () => {
    const { browser } = fakeBrowser();
    const state = createConnectivity(browser);
    const listener = vi.fn();
    state.subscribe(listener);
    state.reportNoAnswer();
    expect(state.isOnline()).toBe(false);
    expect(state.isServerUnreachable()).toBe(true);
    state.reportNoAnswer();
    expect(listener).toHaveBeenCalledTimes(1);
    state.reportAnswer();
    expect(state.isOnline()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("follows the browser's events, and takes a network it announces as worth a new try", () => {
    const { browser, set } = fakeBrowser();
    const state = createConnectivity(browser);
    const listener = vi.fn();
    state.subscribe(listener);
    set(false);
    expect(state.isOnline()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
    state.reportNoAnswer();
    // The browser has no network: nothing to ask the server about.
    expect(state.isServerUnreachable()).toBe(false);
    set(true);
    expect(state.isOnline()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it("watches the browser's events only while someone listens", () => {
    const { browser, watcherCount } = fakeBrowser();
    const state = createConnectivity(browser);
    const first = state.subscribe(() => undefined);
    const second = state.subscribe(() => undefined);
    expect(watcherCount()).toBe(1);
    first();
    expect(watcherCount()).toBe(1);
    second();
    expect(watcherCount()).toBe(0);
  });
});

describe('isNoAnswer', () => {
  it.each([
    [new TypeError('Failed to fetch'), true],
    [new TypeError('NetworkError when attempting to fetch resource.'), true],
    [new TypeError('Load failed'), true],
    [new DOMException('The operation was aborted.', 'AbortError'), false],
    [new Error('500 Internal Server Error'), false],
  ])('%o: %s', (error, expected) => {
    expect(isNoAnswer(error)).toBe(expected);
  });
});

describe('watchReachability', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks nothing while the server answers', async () => {
    const state = createConnectivity(fakeBrowser().browser);
    const probe = vi.fn(async () => true);
    const stop = watchReachability(state, probe);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).not.toHaveBeenCalled();
    stop();
  });

  it('asks the server again after 1 s, 2 s, 4 s, then every 5 s, until it answers', async () => {
    const state = createConnectivity(fakeBrowser().browser);
    let answers = false;
    const probe = vi.fn(async () => answers);
    const stop = watchReachability(state, probe);
    state.reportNoAnswer();
    for (const [delay, calls] of [
      [999, 0],
      [1, 1],
      [2_000, 2],
      [4_000, 3],
      [5_000, 4],
      [5_000, 5],
    ] as const) {
      await vi.advanceTimersByTimeAsync(delay);
      expect(probe).toHaveBeenCalledTimes(calls);
    }
    expect(state.isOnline()).toBe(false);
    answers = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(state.isOnline()).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).toHaveBeenCalledTimes(6);
    stop();
  });

  it('stops asking when another call is answered or the browser goes offline, and starts over at 1 s', async () => {
    const browser = fakeBrowser();
    const state = createConnectivity(browser.browser);
    const probe = vi.fn(async () => false);
    const stop = watchReachability(state, probe);
    state.reportNoAnswer();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(probe).toHaveBeenCalledTimes(2);
    state.reportAnswer();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).toHaveBeenCalledTimes(2);

    state.reportNoAnswer();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(probe).toHaveBeenCalledTimes(3);
    browser.set(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).toHaveBeenCalledTimes(3);
    stop();
  });

  it('asks nothing more once stopped', async () => {
    const state = createConnectivity(fakeBrowser().browser);
    const probe = vi.fn(async () => false);
    const stop = watchReachability(state, probe);
    state.reportNoAnswer();
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).not.toHaveBeenCalled();
  });

  it('spaces the questions 1 s, 2 s, 4 s, then 5 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(recheckDelayMs)).toEqual([1_000, 2_000, 4_000, 5_000, 5_000, 5_000]);
  });
});
