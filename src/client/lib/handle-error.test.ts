import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.js';
import { handleApiError } from './handle-error.js';
import { currentToasts } from './toast.js';

const assign = vi.fn();
const back = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('window', { setTimeout, location: { assign }, history: { back } });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  assign.mockReset();
  back.mockReset();
});

const shownToast = () => currentToasts().at(-1);

describe('handleApiError', () => {
  it('shows a destructive toast and goes to sign-in 1 s after an authentication error', () => {
    handleApiError(new ApiError(401, 'Unauthorized', { message: 'You are not signed in' }));
    expect(shownToast()).toMatchObject({ title: 'Session Expired', variant: 'destructive' });
    vi.advanceTimersByTime(999);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledWith('/auth?mode=login');
  });

  it('leaves EMAIL_VERIFICATION_REQUIRED to the verification screen', () => {
    const before = shownToast();
    handleApiError(
      new ApiError(403, 'Forbidden', { message: 'Verify', code: 'EMAIL_VERIFICATION_REQUIRED' }),
    );
    expect(shownToast()).toBe(before);
    vi.runAllTimers();
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
