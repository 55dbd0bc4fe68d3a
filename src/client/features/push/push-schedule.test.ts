import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushTimings } from './push-constants.js';
import {
  offerAtTheMoment,
  type PromptMomentTasks,
  type PushScheduleTasks,
  type RenewalResult,
  startPushSchedule,
} from './push-schedule.js';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

function tasks(overrides: Partial<PushScheduleTasks> = {}) {
  return {
    checkRenewal: vi.fn(async (): Promise<RenewalResult> => 'current'),
    checkPermission: vi.fn(async (): Promise<RenewalResult> => 'current'),
    showRenewalToast: vi.fn(),
    ...overrides,
  };
}

describe('the push schedule (spec §9 Push)', () => {
  let stop: () => void = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('keeps its timings in one place, as the spec gives them (no prompt 3 s in: ADDENDUM §11)', () => {
    expect(pushTimings).toEqual({
      formCheckEveryMs: SECOND,
      renewalFirstCheckMs: MINUTE,
      renewalCheckEveryMs: 30 * MINUTE,
      renewalToastAtMostEveryMs: 5 * MINUTE,
      permissionCheckEveryMs: 30 * SECOND,
      basicPollEveryMs: 30 * SECOND,
      basicNotificationCloseMs: 5 * SECOND,
    });
  });

  it('checks the renewal first after 60 s, then every 30 min', async () => {
    const clock = tasks();
    stop = startPushSchedule(clock);
    await vi.advanceTimersByTimeAsync(MINUTE - 1);
    expect(clock.checkRenewal).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(clock.checkRenewal).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30 * MINUTE - 1);
    expect(clock.checkRenewal).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(clock.checkRenewal).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(clock.checkRenewal).toHaveBeenCalledTimes(4);
  });

  it('checks the permission every 30 s', async () => {
    const clock = tasks();
    stop = startPushSchedule(clock);
    await vi.advanceTimersByTimeAsync(30 * SECOND - 1);
    expect(clock.checkPermission).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(clock.checkPermission).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(90 * SECOND);
    expect(clock.checkPermission).toHaveBeenCalledTimes(4);
  });

  it('shows the renewal toast for a failed renewal at most once per 5 min', async () => {
    const clock = tasks({
      checkRenewal: vi.fn(async (): Promise<RenewalResult> => 'failed'),
      checkPermission: vi.fn(async (): Promise<RenewalResult> => 'failed'),
    });
    stop = startPushSchedule(clock);
    await vi.advanceTimersByTimeAsync(30 * SECOND);
    expect(clock.showRenewalToast).toHaveBeenCalledTimes(1);
    // Failures every 30 s (and the renewal check at 60 s) stay quiet until 5 min have passed.
    await vi.advanceTimersByTimeAsync(5 * MINUTE - 30 * SECOND);
    expect(clock.showRenewalToast).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30 * SECOND);
    expect(clock.showRenewalToast).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(clock.showRenewalToast).toHaveBeenCalledTimes(3);
  });

  it('shows no renewal toast when the renewal went well', async () => {
    const clock = tasks({ checkRenewal: vi.fn(async (): Promise<RenewalResult> => 'renewed') });
    stop = startPushSchedule(clock);
    await vi.advanceTimersByTimeAsync(2 * 30 * MINUTE);
    expect(clock.checkRenewal).toHaveBeenCalledTimes(2);
    expect(clock.showRenewalToast).not.toHaveBeenCalled();
  });

  it('stops every timer when stopped', async () => {
    const clock = tasks();
    startPushSchedule(clock)();
    await vi.advanceTimersByTimeAsync(2 * 30 * MINUTE);
    expect(clock.checkRenewal).not.toHaveBeenCalled();
    expect(clock.checkPermission).not.toHaveBeenCalled();
  });
});

function momentTasks(overrides: Partial<PromptMomentTasks> = {}) {
  return {
    isNothingToOffer: vi.fn(() => false),
    isFormBeingFilled: vi.fn(() => false),
    offer: vi.fn(),
    ...overrides,
  };
}

describe('the prompt at its moment (ADDENDUM §11)', () => {
  let stop: () => void = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('offers notifications at once when the moment comes', () => {
    const moment = momentTasks();
    stop = offerAtTheMoment(moment);
    expect(moment.offer).toHaveBeenCalledTimes(1);
  });

  it('offers nothing while the prompt-dismissed cookie exists or nothing is worth offering', async () => {
    const moment = momentTasks({ isNothingToOffer: vi.fn(() => true) });
    stop = offerAtTheMoment(moment);
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(moment.offer).not.toHaveBeenCalled();
    expect(moment.isNothingToOffer).toHaveBeenCalledTimes(1);
  });

  it('waits while a form is being filled, and offers once it no longer is', async () => {
    let isFilling = true;
    const moment = momentTasks({ isFormBeingFilled: vi.fn(() => isFilling) });
    stop = offerAtTheMoment(moment);
    await vi.advanceTimersByTimeAsync(5 * SECOND);
    expect(moment.offer).not.toHaveBeenCalled();
    isFilling = false;
    await vi.advanceTimersByTimeAsync(SECOND);
    expect(moment.offer).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(moment.offer).toHaveBeenCalledTimes(1);
  });

  it('stops waiting when stopped', async () => {
    const moment = momentTasks({ isFormBeingFilled: vi.fn(() => true) });
    offerAtTheMoment(moment)();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(moment.isFormBeingFilled).toHaveBeenCalledTimes(1);
    expect(moment.offer).not.toHaveBeenCalled();
  });
});
