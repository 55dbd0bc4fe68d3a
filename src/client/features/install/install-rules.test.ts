import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  INSTALL_PROMPT_DELAY_MS,
  IOS_INSTRUCTIONS_DELAY_MS,
  installOverlayDueAt,
  iosInstructionsDueAt,
  isIosSafari,
  isMobileUserAgent,
  onceDue,
} from './install-rules.js';

const userAgents = {
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipadSafari:
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  ipodSafari:
    'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.7 Mobile/15E148 Safari/604.1',
  // iPadOS asks for the desktop site by default.
  ipadDesktopSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  iphoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15',
  iphoneEdge:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/124.0.2478.50 Mobile/15E148 Safari/605.1.15',
  iphoneFacebookApp:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/459.0.0.38.109]',
  blackBerry:
    'Mozilla/5.0 (BB10; Touch) AppleWebKit/537.10+ (KHTML, like Gecko) Version/10.1.0.4633 Mobile Safari/537.10+ BlackBerry',
  windowsPhone:
    'Mozilla/5.0 (compatible; MSIE 10.0; Windows Phone 8.0; Trident/6.0; IEMobile/10.0; ARM; Touch; NOKIA; Lumia 920)',
  operaMini:
    'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
} as const;

describe('isMobileUserAgent (spec §6: Android, iPhone, iPad, iPod, BlackBerry, IEMobile, Opera Mini)', () => {
  it.each([
    'androidChrome',
    'iphoneSafari',
    'ipadSafari',
    'ipodSafari',
    'iphoneChrome',
    'blackBerry',
    'windowsPhone',
    'operaMini',
  ] as const)('%s is mobile', (name) => {
    expect(isMobileUserAgent(userAgents[name])).toBe(true);
  });

  it.each(['windowsChrome', 'macSafari', 'linuxFirefox'] as const)('%s is not', (name) => {
    expect(isMobileUserAgent(userAgents[name])).toBe(false);
  });
});

describe('isIosSafari', () => {
  it.each(['iphoneSafari', 'ipadSafari', 'ipodSafari'] as const)('%s is Safari on iOS', (name) => {
    expect(isIosSafari(userAgents[name])).toBe(true);
  });

  it('counts iPadOS asking for the desktop site by its touch screen, not a Mac', () => {
    expect(isIosSafari(userAgents.ipadDesktopSafari, 5)).toBe(true);
    expect(isIosSafari(userAgents.macSafari, 0)).toBe(false);
  });

  it.each([
    'iphoneChrome',
    'iphoneFirefox',
    'iphoneEdge',
    'iphoneFacebookApp',
    'androidChrome',
    'windowsChrome',
  ] as const)('%s is not', (name) => {
    expect(isIosSafari(userAgents[name])).toBe(false);
  });
});

describe('installOverlayDueAt (spec §4)', () => {
  const offered = {
    hasOffer: true,
    offeredAt: 1_000,
    isInstalled: false,
    isDismissedForSession: false,
    isConsentPending: false,
  };

  it('is 3 s after the browser offered installation', () => {
    expect(installOverlayDueAt(offered)).toBe(1_000 + INSTALL_PROMPT_DELAY_MS);
    expect(INSTALL_PROMPT_DELAY_MS).toBe(3_000);
  });

  it.each([
    ['not installable', { hasOffer: false, offeredAt: null }],
    ['installed', { isInstalled: true }],
    ['dismissed for the session', { isDismissedForSession: true }],
    ['the cookie banner waits for an answer', { isConsentPending: true }],
  ])('never while %s', (_label, change) => {
    expect(installOverlayDueAt({ ...offered, ...change })).toBeNull();
  });
});

describe('iosInstructionsDueAt (spec §4)', () => {
  const onIphone = {
    userAgent: userAgents.iphoneSafari,
    maxTouchPoints: 5,
    startedAt: 2_000,
    isInstalled: false,
    isDismissed: false,
    isConsentPending: false,
  };

  it('is 5 s after load in Safari on iOS', () => {
    expect(iosInstructionsDueAt(onIphone)).toBe(2_000 + IOS_INSTRUCTIONS_DELAY_MS);
    expect(IOS_INSTRUCTIONS_DELAY_MS).toBe(5_000);
  });

  it.each([
    ['installed (standalone)', { isInstalled: true }],
    ['dismissed', { isDismissed: true }],
    ['the cookie banner waits for an answer', { isConsentPending: true }],
    ['Chrome on iOS', { userAgent: userAgents.iphoneChrome }],
    ['Android', { userAgent: userAgents.androidChrome }],
    ['a Mac', { userAgent: userAgents.macSafari, maxTouchPoints: 0 }],
  ])('never when %s', (_label, change) => {
    expect(iosInstructionsDueAt({ ...onIphone, ...change })).toBeNull();
  });
});

describe('onceDue', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 10_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the overlay 3 s after the offer, not a moment before', () => {
    const show = vi.fn();
    const offeredAt = Date.now();
    const dueAt = installOverlayDueAt({
      hasOffer: true,
      offeredAt,
      isInstalled: false,
      isDismissedForSession: false,
      isConsentPending: false,
    });
    onceDue(dueAt ?? 0, show);
    vi.advanceTimersByTime(2_999);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledOnce();
  });

  it('counts from the offer, not from when the prompts loaded', () => {
    const show = vi.fn();
    const offeredAt = Date.now();
    vi.advanceTimersByTime(2_000); // the install chunk loads late
    onceDue(offeredAt + INSTALL_PROMPT_DELAY_MS, show);
    vi.advanceTimersByTime(999);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledOnce();
  });

  it('shows the iOS instructions 5 s after load', () => {
    const show = vi.fn();
    const dueAt = iosInstructionsDueAt({
      userAgent: userAgents.iphoneSafari,
      maxTouchPoints: 5,
      startedAt: Date.now(),
      isInstalled: false,
      isDismissed: false,
      isConsentPending: false,
    });
    onceDue(dueAt ?? 0, show);
    vi.advanceTimersByTime(4_999);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledOnce();
  });

  it('is at once when the time has passed, and never once cancelled', () => {
    const late = vi.fn();
    onceDue(Date.now() - 1, late);
    vi.advanceTimersByTime(0);
    expect(late).toHaveBeenCalledOnce();

    const cancelled = vi.fn();
    const cancel = onceDue(Date.now() + 3_000, cancelled);
    cancel();
    vi.advanceTimersByTime(10_000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
