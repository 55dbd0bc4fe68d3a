import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPushMoment, hasPushMomentCome, pushMomentCame, subscribeToPushMoment } from './push-moment.js';

describe('the moment to offer notifications (ADDENDUM §11)', () => {
  afterEach(forgetPushMoment);

  it('has not come when a visit starts', () => {
    expect(hasPushMomentCome()).toBe(false);
  });

  it('comes once (a vehicle registered, a message arrived) and stays until the account signs out', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToPushMoment(listener);
    pushMomentCame();
    pushMomentCame();
    expect(hasPushMomentCome()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    forgetPushMoment();
    expect(hasPushMomentCome()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    pushMomentCame();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
