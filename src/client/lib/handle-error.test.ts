import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.js';
import { handleApiError } from './handle-error.js';
import { queryClient } from './query-client.js';
import { queryKeys } from './query-keys.js';
import { LOGIN_PAGE_PATH } from './relogin.js';
import { currentToasts, noteToasterMounted } from './toast.js';

const assign = vi.fn();
const back = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('window', { setTimeout, location: { assign }, history: { back } });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  queryClient.setQueryData(queryKeys.providers, { oidc: null });
  // The toaster is on screen (lib/relogin.test.ts covers a re-login that waits for it).
  noteToasterMounted();
});

afterEach(async () => {
  await vi.runAllTimersAsync();
  queryClient.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  assign.mockReset();
  back.mockReset();
});

const shownToast = () => currentToasts().at(-1);

describe('handleApiError', () => {
  it('shows a destructive toast and goes to sign-in 1 s after a 401', async () => {
    handleApiError(new ApiError(401, 'Unauthorized', { message: 'You are not signed in' }));
    expect(shownToast()).toMatchObject({ title: 'Session Expired', variant: 'destructive' });
    await vi.advanceTimersByTimeAsync(999);
    expect(assign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(assign).toHaveBeenCalledExactlyOnceWith(LOGIN_PAGE_PATH);
  });

  it('goes to sign-in once when several requests fail at the same expiry', async () => {
    handleApiError(new ApiError(401, 'Unauthorized', null));
    handleApiError(new ApiError(401, 'Unauthorized', null));
    await vi.runAllTimersAsync();
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('goes to sign-in after a "Session expired" failure', async () => {
    handleApiError(new Error('Session expired'));
    await vi.runAllTimersAsync();
    expect(assign).toHaveBeenCalledWith(LOGIN_PAGE_PATH);
  });

  it.each([
    ['a foreign origin', { message: 'Request from another site', code: 'FOREIGN_ORIGIN' as const }],
    ['a blocked user', { message: 'User is blocked' }],
    ['no code', { message: 'Forbidden' }],
  ])('keeps the session after a 403 with %s', async (_name, body) => {
    handleApiError(new ApiError(403, 'Forbidden', body));
    expect(shownToast()?.variant).toBe('destructive');
    await vi.runAllTimersAsync();
    expect(assign).not.toHaveBeenCalled();
  });

  it('re-logs in from the toast of a 403 when the user asks', async () => {
    handleApiError(new ApiError(403, 'Forbidden', { message: 'Forbidden', code: 'FOREIGN_ORIGIN' }));
    expect(shownToast()?.action?.label).toBe('Login Again');
    shownToast()?.action?.onClick();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(LOGIN_PAGE_PATH));
  });

  it('leaves EMAIL_VERIFICATION_REQUIRED to the verification screen', async () => {
    const before = shownToast();
    handleApiError(
      new ApiError(403, 'Forbidden', { message: 'Verify', code: 'EMAIL_VERIFICATION_REQUIRED' }),
    );
    expect(shownToast()).toBe(before);
    await vi.runAllTimersAsync();
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    ['retryable with onRetry: runs it', new ApiError(503, 'Service Unavailable', null), true, 'Try Again'],
    ['not retryable: only closes', new ApiError(422, 'Unprocessable Entity', null), false, 'Fix & Retry'],
  ])('the action of a %s', (_, error, runsRetry, label) => {
    const onRetry = vi.fn();
    handleApiError(error, { onRetry });
    const action = shownToast()?.action;
    expect(action?.label).toBe(label);
    action?.onClick();
    expect(onRetry).toHaveBeenCalledTimes(runsRetry ? 1 : 0);
  });

  it('goes back from a not-found toast', () => {
    handleApiError(new ApiError(404, 'Not Found', null));
    shownToast()?.action?.onClick();
    expect(back).toHaveBeenCalled();
  });

  it('prefers the message-specific toast', () => {
    handleApiError(new ApiError(409, 'Conflict', { message: 'License plate already registered' }));
    expect(shownToast()).toMatchObject({ title: 'License Plate Already Registered', action: undefined });
  });
});
