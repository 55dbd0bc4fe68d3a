import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentToasts } from '../../lib/toast.js';
import { installFromOffer } from './install-action.js';
import {
  type BeforeInstallPromptEvent,
  capturedInstall,
  captureInstallPrompt,
  subscribeToCapturedInstall,
  updateCapturedInstall,
} from './install-capture.js';
import { isOverlayDismissedForSession } from './install-dismissal.js';

/** What Chromium dispatches: a cancelable event with prompt() and userChoice. */
function installOffer(
  choice: 'accepted' | 'dismissed' | 'prompt fails',
): BeforeInstallPromptEvent & { prompt: ReturnType<typeof vi.fn> } {
  const prompt =
    choice === 'prompt fails'
      ? vi.fn(async () => {
          throw new DOMException('The prompt() method must be called with a user gesture', 'NotAllowedError');
        })
      : vi.fn(async () => undefined);
  const outcome = choice === 'prompt fails' ? 'dismissed' : choice;
  return Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
}

function lastToast() {
  return currentToasts().at(-1);
}

describe('captureInstallPrompt', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 50_000 });
    updateCapturedInstall({ offer: null, offeredAt: null, wasInstalled: false });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps the browser's offer and when it came, and stops the browser's own infobar", () => {
    const page = new EventTarget();
    captureInstallPrompt(page);
    expect(capturedInstall().startedAt).toBe(50_000);
    const changes = vi.fn();
    const unsubscribe = subscribeToCapturedInstall(changes);

    vi.advanceTimersByTime(1_200);
    const offer = installOffer('accepted');
    page.dispatchEvent(offer);

    expect(offer.defaultPrevented).toBe(true);
    expect(capturedInstall()).toMatchObject({ offer, offeredAt: 51_200, wasInstalled: false });
    expect(changes).toHaveBeenCalledOnce();
    unsubscribe();
  });

  it('marks the app installed when the browser says so, dropping the offer', () => {
    const page = new EventTarget();
    captureInstallPrompt(page);
    page.dispatchEvent(installOffer('accepted'));
    page.dispatchEvent(new Event('appinstalled'));
    expect(capturedInstall()).toMatchObject({ offer: null, wasInstalled: true });
  });
});

describe('installFromOffer (spec §4, §8)', () => {
  beforeEach(() => {
    updateCapturedInstall({ offer: null, offeredAt: null, wasInstalled: false });
  });

  it('accepted: App Installed! and the app counts as installed', async () => {
    const offer = installOffer('accepted');
    updateCapturedInstall({ offer, offeredAt: 1 });
    expect(await installFromOffer(offer)).toBe('accepted');
    expect(offer.prompt).toHaveBeenCalledOnce();
    expect(capturedInstall()).toMatchObject({ offer: null, wasInstalled: true });
    expect(lastToast()).toMatchObject({ title: 'App Installed!' });
  });

  it('failed: the destructive Installation Failed, the offer spent', async () => {
    const offer = installOffer('prompt fails');
    updateCapturedInstall({ offer, offeredAt: 1 });
    expect(await installFromOffer(offer)).toBe('failed');
    expect(capturedInstall()).toMatchObject({ offer: null, wasInstalled: false });
    expect(lastToast()).toMatchObject({
      title: 'Installation Failed',
      description: 'Please try again or install manually from your browser.',
      variant: 'destructive',
    });
  });

  // Last: declining dismisses the overlay for the session, which this module then remembers.
  it('declined: Installation Cancelled, and the overlay stays away this session', async () => {
    const offer = installOffer('dismissed');
    updateCapturedInstall({ offer, offeredAt: 1 });
    expect(isOverlayDismissedForSession()).toBe(false);
    expect(await installFromOffer(offer)).toBe('dismissed');
    expect(capturedInstall()).toMatchObject({ offer: null, wasInstalled: false });
    expect(lastToast()).toMatchObject({
      title: 'Installation Cancelled',
      description: 'You can install the app later from your browser menu.',
    });
    expect(lastToast()?.variant).toBeUndefined();
    expect(isOverlayDismissedForSession()).toBe(true);
  });
});
