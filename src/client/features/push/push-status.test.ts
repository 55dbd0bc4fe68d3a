import { describe, expect, it } from 'vitest';
import { isBasicActive, unreadRise } from './basic-notifications.js';
import { browserHelpOf, isIos } from './browser-help.js';
import {
  type BasicState,
  explanationOf,
  isReceiving,
  type NotificationState,
  type PushState,
  profileStatus,
  pushBadge,
} from './push-status.js';

const push = (overrides: Partial<PushState> = {}): PushState => ({
  supported: true,
  permission: 'default',
  hasSubscription: false,
  serviceWorkerReady: true,
  ...overrides,
});
const basic = (overrides: Partial<BasicState> = {}): BasicState => ({
  supported: true,
  permission: 'default',
  enabled: false,
  ...overrides,
});
const state = (pushState: Partial<PushState>, basicState: Partial<BasicState> = {}): NotificationState => ({
  push: push(pushState),
  basic: basic(basicState),
});
const unsupported = { supported: false } as const;

describe('the push status badge (spec §4), in the spec’s order', () => {
  it('is Push Active with a subscription, whatever follows', () => {
    expect(pushBadge(state({ hasSubscription: true, permission: 'granted' }))).toBe('pushActive');
    expect(pushBadge(state({ hasSubscription: true, permission: 'denied' }, { permission: 'denied' }))).toBe(
      'pushActive',
    );
  });

  it('is Basic Active when basic notifications are on and push is unsupported', () => {
    expect(pushBadge(state(unsupported, { enabled: true, permission: 'granted' }))).toBe('basicActive');
    // Checked before Blocked: the order is the spec's.
    expect(pushBadge(state(unsupported, { enabled: true, permission: 'denied' }))).toBe('basicActive');
  });

  it('is Not Available when neither push nor basic notifications are supported', () => {
    expect(pushBadge(state(unsupported, unsupported))).toBe('notAvailable');
    expect(pushBadge(state(unsupported, { supported: false, enabled: true }))).toBe('notAvailable');
  });

  it('is Blocked when both permissions are denied', () => {
    expect(pushBadge(state({ permission: 'denied' }, { permission: 'denied' }))).toBe('blocked');
    expect(pushBadge(state({ supported: false, permission: 'denied' }, { permission: 'denied' }))).toBe(
      'blocked',
    );
  });

  it('is Basic Available when push is unsupported but basic notifications are', () => {
    expect(pushBadge(state(unsupported))).toBe('basicAvailable');
    expect(pushBadge(state(unsupported, { permission: 'granted' }))).toBe('basicAvailable');
  });

  it('is Inactive otherwise', () => {
    expect(pushBadge(state({}))).toBe('inactive');
    expect(pushBadge(state({ permission: 'granted' }, { permission: 'granted' }))).toBe('inactive');
    // Basic notifications turned on mean nothing where push is supported.
    expect(pushBadge(state({}, { enabled: true }))).toBe('inactive');
  });
});

describe('Profile’s Notifications status (spec §2)', () => {
  it('is Not Supported when neither push nor basic notifications are', () => {
    expect(profileStatus(state(unsupported, unsupported))).toBe('notSupported');
  });

  it('is Blocked when the permission is denied', () => {
    expect(profileStatus(state({ permission: 'denied' }, { permission: 'denied' }))).toBe('blocked');
    expect(profileStatus(state({ supported: false, permission: 'denied' }, { permission: 'denied' }))).toBe(
      'blocked',
    );
  });

  it('is Fully Enabled with both a push subscription and the permission', () => {
    expect(profileStatus(state({ hasSubscription: true, permission: 'granted' }))).toBe('fullyEnabled');
  });

  it('is Partially Enabled with one of them', () => {
    expect(profileStatus(state({ permission: 'granted' }))).toBe('partiallyEnabled');
    expect(profileStatus(state({ hasSubscription: true }))).toBe('partiallyEnabled');
    // Basic notifications have the permission but never a push subscription.
    expect(profileStatus(state(unsupported, { permission: 'granted', enabled: true }))).toBe(
      'partiallyEnabled',
    );
  });

  it('is Disabled otherwise', () => {
    expect(profileStatus(state({}))).toBe('disabled');
    expect(profileStatus(state(unsupported))).toBe('disabled');
  });
});

describe('whether notifications reach this device', () => {
  it('needs a subscription and the permission where push is supported', () => {
    expect(isReceiving(state({ hasSubscription: true, permission: 'granted' }))).toBe(true);
    expect(isReceiving(state({ permission: 'granted' }, { enabled: true, permission: 'granted' }))).toBe(
      false,
    );
  });

  it('needs basic notifications on and allowed elsewhere', () => {
    expect(isReceiving(state(unsupported, { enabled: true, permission: 'granted' }))).toBe(true);
    expect(isReceiving(state(unsupported, { enabled: true, permission: 'default' }))).toBe(false);
    expect(isReceiving(state(unsupported, { permission: 'granted' }))).toBe(false);
  });
});

describe('the explanation of each badge (spec §8)', () => {
  it('says what each state means, with iOS Safari’s limited support', () => {
    expect(explanationOf('pushActive', false)).toBe('active');
    expect(explanationOf('inactive', false)).toBe('inactive');
    expect(explanationOf('blocked', true)).toBe('blocked');
    expect(explanationOf('notAvailable', false)).toBe('notAvailable');
    expect(explanationOf('notAvailable', true)).toBe('limitedIos');
    expect(explanationOf('basicAvailable', true)).toBe('limitedIos');
    expect(explanationOf('basicActive', false)).toBe('limited');
  });
});

describe('the browser-specific help of the blocked guide', () => {
  const agents = {
    iphone:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    pixel:
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
    firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
    safari:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    opera:
      'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0',
    samsung:
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  };

  it('names the browser by its user agent', () => {
    expect(browserHelpOf(agents.iphone).browser).toBe('iPhone');
    expect(browserHelpOf(agents.pixel).browser).toBe('Chrome');
    expect(browserHelpOf(agents.edge).browser).toBe('Edge');
    expect(browserHelpOf(agents.firefox).browser).toBe('Firefox');
    expect(browserHelpOf(agents.safari).browser).toBe('Safari');
    expect(browserHelpOf(agents.opera).browser).toBe('Opera');
    expect(browserHelpOf(agents.samsung).browser).toBe('Samsung Internet');
    for (const agent of Object.values(agents)) expect(browserHelpOf(agent).url).toMatch(/^https:\/\//);
  });

  it('tells iOS from the rest', () => {
    expect(isIos(agents.iphone)).toBe(true);
    expect(isIos(agents.safari)).toBe(false);
    expect(isIos(agents.pixel)).toBe(false);
  });
});

describe('the basic-notification fallback (spec §3)', () => {
  it('announces a rise of the unread count, never the first reading nor a fall', () => {
    expect(unreadRise(null, 3)).toBeNull();
    expect(unreadRise(3, 3)).toBeNull();
    expect(unreadRise(3, 1)).toBeNull();
    expect(unreadRise(1, 4)).toBe(4);
  });

  it('runs only where push is missing, turned on and allowed', () => {
    expect(isBasicActive(state(unsupported, { enabled: true, permission: 'granted' }))).toBe(true);
    expect(isBasicActive(state({}, { enabled: true, permission: 'granted' }))).toBe(false);
    expect(isBasicActive(state(unsupported, { enabled: true }))).toBe(false);
    expect(isBasicActive(state(unsupported, { permission: 'granted' }))).toBe(false);
  });
});
