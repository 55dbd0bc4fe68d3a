import { describe, expect, it } from 'vitest';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, tooltipDelay } from './tooltip.js';

describe('tooltip timing (spec §9)', () => {
  it('waits 700 ms, or nothing within 300 ms of another tooltip closing', () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
    expect(tooltipDelay(10_000, Number.NEGATIVE_INFINITY)).toBe(700);
    expect(tooltipDelay(10_000, 10_000 - 300)).toBe(0);
    expect(tooltipDelay(10_000, 10_000 - 301)).toBe(700);
  });
});
