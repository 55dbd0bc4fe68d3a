import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, devices, type Page } from '@playwright/test';
import { PROMPT_DISMISSED_COOKIE } from '../src/client/features/push/push-constants.js';
import { pushTexts } from '../src/client/features/push/push-texts.js';
import { answeredPromptsState } from './fixtures/answered-prompts.js';
import { originHeader } from './fixtures/origin.js';
import { saveScreenInBothThemes } from './fixtures/screens.js';
import { collectConsoleErrors } from './fixtures/test.js';
import { aVisitorWrites, expect, test } from './fixtures/vehicles.js';
import { LandingPage } from './pages/landing-page.js';
import { toastCard } from './pages/toasts.js';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const PHONE = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } };

function installOverlay(page: Page) {
  return page.getByRole('region', { name: 'Install Vehicle Contact' });
}

function iosInstructions(page: Page) {
  return page.getByRole('region', { name: 'Add to Home Screen' });
}

/** Notes, in the page, each install offer the browser makes (the app's own listener keeps the event). */
async function noteInstallOffers(context: BrowserContext) {
  await context.addInitScript(() => {
    const page = window as Window & { installOffers?: number };
    page.installOffers = 0;
    window.addEventListener('beforeinstallprompt', () => {
      page.installOffers = (page.installOffers ?? 0) + 1;
    });
  });
}

async function waitForInstallOffer(page: Page) {
  await page.waitForFunction(() => ((window as Window & { installOffers?: number }).installOffers ?? 0) > 0);
}

/**
 * What every browser of these journeys starts with: the cookie question answered (e2e/fixtures/answered-prompts.ts)
 * and the push prompt, a modal dialog at a signed-in moment (a vehicle registered, a message arrived), already
 * dismissed (its cookie, features/push): these journeys are about installing.
 */
function answeredState(baseURL: string | undefined) {
  const state = answeredPromptsState(baseURL ?? '');
  const pushPromptDismissed = {
    name: 'pushPromptDismissed',
    value: '1',
    domain: new URL(baseURL ?? '').hostname,
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  };
  return { ...state, cookies: [...state.cookies, pushPromptDismissed] };
}

test.use({ storageState: async ({ baseURL }, use) => use(answeredState(baseURL)) });

type Choice = 'accepted' | 'dismissed' | 'prompt fails';

/**
 * Chromium's install dialog cannot be answered headless (prompt() never settles), so these journeys play the
 * browser: at load the page receives an event shaped as Chromium's, whose prompt() and userChoice answer `choice`.
 */
async function offerInstallation(page: Page, choice: Choice) {
  await page.addInitScript((answer: Choice) => {
    window.addEventListener('load', () => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {
          if (answer === 'prompt fails')
            throw new DOMException('No install dialog here', 'InvalidStateError');
        },
        userChoice: Promise.resolve({
          outcome: answer === 'accepted' ? 'accepted' : 'dismissed',
          platform: 'web',
        }),
      });
      window.dispatchEvent(offer);
    });
  }, choice);
}

// Chromium offers installation only in a persistent profile (Playwright's default context is incognito-like).
test('Chromium offers installation: 3 s later the overlay shows; Not Now hides it for the session', async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'vc-install-prompt-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--bypass-app-banner-engagement-checks'],
    ...PHONE,
    baseURL,
  });
  try {
    await context.addCookies(answeredState(baseURL).cookies);
    await noteInstallOffers(context);
    const page = context.pages()[0] ?? (await context.newPage());
    const errors = collectConsoleErrors(page);
    await new LandingPage(page).goto();
    await waitForInstallOffer(page);
    const overlay = installOverlay(page);
    await expect(overlay).toBeVisible();
    await expect(overlay).toContainText('Add the app to your home screen:');
    await expect(overlay.getByRole('button', { name: 'Install' })).toBeVisible();
    await saveScreenInBothThemes(page, 'install-overlay');

    await overlay.getByRole('button', { name: 'Not Now' }).click();
    await expect(overlay).toBeHidden();

    // The browser offers again after a reload; the overlay stays away for the session.
    await page.clock.install();
    await page.reload();
    await waitForInstallOffer(page);
    await page.clock.fastForward(10_000);
    await new LandingPage(page).expectShown();
    await expect(overlay).toBeHidden();
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('accepting the install prompt shows App Installed! and Settings says the app is installed', async ({
  page,
  signedInAccount: _signedIn,
}) => {
  await offerInstallation(page, 'accepted');
  await page.goto('/');
  const overlay = installOverlay(page);
  await expect(overlay).toBeVisible();
  await overlay.getByRole('button', { name: 'Install' }).click();
  await expect(toastCard(page, 'App Installed!')).toBeVisible();
  await expect(overlay).toBeHidden();

  await page.getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Install App' })).toBeVisible();
  await expect(page.getByText('Vehicle Contact is installed on this device.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Install App' })).toHaveCount(0);
  // Installed: no banner offering it.
  await expect(page.getByRole('region', { name: 'Get the App' })).toHaveCount(0);
});

test('one question at a time: the push permission dialog waits for the install overlay’s answer', async ({
  page,
  context,
  vehicle,
  browser,
  baseURL,
}) => {
  // A signed-in visit where the browser offers installation: the overlay comes 3 s in; the push question
  // comes when a message arrives (ADDENDUM §11), here while the overlay is still showing.
  await context.clearCookies({ name: PROMPT_DISMISSED_COOKIE });
  await offerInstallation(page, 'dismissed');
  await page.goto('/');
  const overlay = installOverlay(page);
  const pushPrompt = page.getByRole('dialog', { name: pushTexts.promptTitle });
  await expect(overlay).toBeVisible();

  await aVisitorWrites(browser, baseURL, vehicle.id);
  // The message is in (the tab bar counts it); the push question waits its turn behind the overlay.
  await expect(page.getByRole('link', { name: /Messages/ })).toContainText('1');
  await expect(pushPrompt).toHaveCount(0);

  // Answered, the other takes its turn.
  await overlay.getByRole('button', { name: 'Not Now' }).click();
  await expect(pushPrompt).toBeVisible();
  await expect(overlay).toBeHidden();
});

test('declining gives Installation Cancelled and the overlay stays away after a reload', async ({ page }) => {
  await offerInstallation(page, 'dismissed');
  await page.goto('/');
  const overlay = installOverlay(page);
  await overlay.getByRole('button', { name: 'Install' }).click();
  const cancelled = toastCard(page, 'Installation Cancelled');
  await expect(cancelled).toContainText('You can install the app later from your browser menu.');
  await expect(overlay).toBeHidden();

  await page.clock.install();
  await page.reload();
  await new LandingPage(page).expectShown();
  await page.clock.fastForward(10_000);
  await expect(overlay).toBeHidden();
});

test('a failing install dialog gives the destructive Installation Failed', async ({ page }) => {
  await offerInstallation(page, 'prompt fails');
  await page.goto('/');
  const overlay = installOverlay(page);
  await expect(overlay).toBeVisible();
  // By keyboard: the overlay took no focus by itself; Tab reaches it after the page's last link.
  const lastLink = page.getByRole('link', { name: 'Create Your Free Account' });
  await lastLink.focus();
  await page.keyboard.press('Tab');
  await expect(overlay.getByRole('button', { name: 'Not Now' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(overlay.getByRole('button', { name: 'Install' })).toBeFocused();
  await page.keyboard.press('Enter');
  const failed = toastCard(page, 'Installation Failed');
  await expect(failed).toContainText('Please try again or install manually from your browser.');
  await saveScreenInBothThemes(page, 'install-failed');
  await expect(overlay).toBeHidden();
  // Focus goes back where it came from, not to the page's start with the button that went.
  await expect(lastLink).toBeFocused();
});

test('Escape in the overlay is Not Now', async ({ page }) => {
  await offerInstallation(page, 'accepted');
  await page.goto('/');
  const overlay = installOverlay(page);
  await expect(overlay).toBeVisible();
  const lastLink = page.getByRole('link', { name: 'Create Your Free Account' });
  await lastLink.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
  await expect(lastLink).toBeFocused();
  expect(await page.evaluate(() => sessionStorage.getItem('installPromptDismissedForSession'))).toBe('true');
});

test('Safari on iOS shows the Add to Home Screen instructions 5 s after load; Got It keeps them away', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    userAgent: IPHONE_SAFARI,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
    storageState: answeredState(baseURL),
  });
  const page = await context.newPage();
  const errors = collectConsoleErrors(page);
  await page.clock.install();
  await new LandingPage(page).goto();
  const instructions = iosInstructions(page);
  await page.clock.fastForward(5_000);
  await expect(instructions).toBeVisible();
  await expect(instructions.getByRole('listitem')).toContainText([
    'Tap the Share button in Safari’s toolbar.',
    'Scroll down and tap Add to Home Screen.',
    'Tap Add.',
  ]);
  await saveScreenInBothThemes(page, 'install-ios-instructions');

  await instructions.getByRole('button', { name: 'Got It' }).click();
  await expect(instructions).toBeHidden();
  // Kept in the installPromptDismissed preference (spec §3), in the preferences cookie.
  const preferences = (await context.cookies()).find((cookie) => cookie.name === 'preferences');
  expect(JSON.parse(decodeURIComponent(preferences?.value ?? '{}'))).toMatchObject({
    installPromptDismissed: true,
  });

  await page.reload();
  await new LandingPage(page).expectShown();
  await page.clock.fastForward(10_000);
  await expect(instructions).toBeHidden();
  expect(errors).toEqual([]);
  await context.close();
});

test('Settings on a phone: the install banner points to the Install App card and its instructions', async ({
  page,
  signedInAccount: _signedIn,
}) => {
  await page.goto('/settings');
  const banner = page.getByRole('region', { name: 'Get the App' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(
    'Install Vehicle Contact on your phone for quick access and message notifications.',
  );
  await banner.getByRole('button', { name: 'Show Me How' }).click();
  const cardTitle = page.getByRole('heading', { name: 'Install App' });
  await expect(cardTitle).toBeFocused();
  for (const browserName of ['Chrome / Edge', 'Safari (iPhone and iPad)', 'Firefox']) {
    await expect(page.getByRole('term').filter({ hasText: browserName })).toBeVisible();
  }
  await expect(page.getByText(/Firefox on a computer cannot install web apps/)).toBeVisible();
  // No offer from this browser: the card shows no Install button.
  await expect(page.getByRole('button', { name: 'Install App' })).toHaveCount(0);
  await saveScreenInBothThemes(page, 'settings-install-mobile');
});

test('Settings on a computer: no install banner; with an offer the Install App card installs', async ({
  browser,
  baseURL,
  account,
}) => {
  const context = await browser.newContext({
    baseURL,
    userAgent: DESKTOP_CHROME,
    viewport: { width: 1024, height: 900 },
    storageState: answeredState(baseURL),
  });
  const page = await context.newPage();
  const errors = collectConsoleErrors(page);
  const login = await context.request.post('/api/auth/login', {
    headers: originHeader(),
    data: { email: account.email, password: account.password, rememberMe: false },
  });
  expect(login.ok()).toBe(true);
  await offerInstallation(page, 'accepted');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Install App' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Get the App' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Install App' }).click();
  await expect(toastCard(page, 'App Installed!')).toBeVisible();
  await expect(page.getByText('Vehicle Contact is installed on this device.')).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});
