import { describe, expect, it } from 'vitest';
import {
  CONSENT_ACCEPTED_DAYS,
  CONSENT_DECLINED_DAYS,
  formatConsent,
  NO_CONSENT,
  parseConsent,
} from './consent.js';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 23, 12);

describe('parseConsent', () => {
  it('is not set without a cookie or with one it cannot read', () => {
    for (const raw of [undefined, '', 'accepted', 'yes|123', 'declined|soon', `accepted|${now + DAY}`]) {
      expect(parseConsent(raw, now)).toEqual(NO_CONSENT);
    }
  });

  it('reads the choice and its date', () => {
    expect(parseConsent(formatConsent('accepted', now - DAY), now)).toEqual({
      status: 'accepted',
      since: new Date(now - DAY),
    });
    expect(parseConsent(formatConsent('declined', now), now).status).toBe('declined');
  });

  it('asks again once a decline is more than 30 days old', () => {
    const declinedAt = now - CONSENT_DECLINED_DAYS * DAY;
    expect(parseConsent(formatConsent('declined', declinedAt), now).status).toBe('declined');
    expect(parseConsent(formatConsent('declined', declinedAt - 1), now)).toEqual(NO_CONSENT);
  });

  it('keeps an acceptance for 730 days', () => {
    const acceptedAt = now - CONSENT_ACCEPTED_DAYS * DAY;
    expect(parseConsent(formatConsent('accepted', acceptedAt), now).status).toBe('accepted');
    expect(parseConsent(formatConsent('accepted', acceptedAt - 1), now)).toEqual(NO_CONSENT);
  });
});
