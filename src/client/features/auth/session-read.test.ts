import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/auth/auth.contract.js';
import { connectivity } from '../../lib/connectivity.js';
import { queryClient } from '../../lib/query-client.js';
import { queryKeys } from '../../lib/query-keys.js';
import { prefetchUser } from './queries.js';

/**
 * The session's first read, with the app's query client and the session query's own options: what the shell
 * turns into Home's frame under the offline banner (waiting) or Service Temporarily Unavailable (failed,
 * docs/decisions/0012). Issue 29 point 11, docs/decisions/0130-offline-is-no-answer.md.
 */
const user: User = {
  id: 'u-1',
  email: 'owner@example.com',
  emailVerified: true,
  firstName: 'Robin',
  lastName: 'Tester',
  authProvider: 'email',
  locale: null,
};
const fetchMock = vi.fn<typeof fetch>();
const sessionState = () => queryClient.getQueryState(queryKeys.user);

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  // As QueryClientProvider does: the client follows the connectivity from here on.
  queryClient.mount();
});

afterEach(() => {
  queryClient.unmount();
  queryClient.clear();
  connectivity.reportAnswer();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  fetchMock.mockReset();
});

describe('the session read as the app opens', () => {
  it('waits for the connection when its request gets no answer although the browser says online', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    prefetchUser(queryClient);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sessionState()).toMatchObject({ status: 'pending', fetchStatus: 'paused' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(connectivity.isOnline()).toBe(false);

    // The server answers again (the reachability probe's answer): the read goes on.
    fetchMock.mockResolvedValue(Response.json(user));
    connectivity.reportAnswer();
    await vi.advanceTimersByTimeAsync(0);
    expect(sessionState()).toMatchObject({ status: 'success', data: user });
  });

  it('keeps waiting however often the connection comes back only to fail again', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    prefetchUser(queryClient);
    for (let round = 0; round < 4; round += 1) {
      await vi.advanceTimersByTimeAsync(1_000);
      expect(sessionState()).toMatchObject({ status: 'pending', fetchStatus: 'paused' });
      connectivity.reportAnswer();
    }
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('fails, once retried after 1 s, when the server answers that it cannot serve (decision 0012)', async () => {
    fetchMock.mockImplementation(async () =>
      Response.json({ message: 'Service unavailable' }, { status: 503, statusText: 'Service Unavailable' }),
    );
    prefetchUser(queryClient);
    await vi.advanceTimersByTimeAsync(999);
    expect(sessionState()).toMatchObject({ status: 'pending', fetchStatus: 'fetching' });
    await vi.advanceTimersByTimeAsync(1);
    expect(sessionState()).toMatchObject({ status: 'error', fetchStatus: 'idle' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(connectivity.isOnline()).toBe(true);
  });
});
