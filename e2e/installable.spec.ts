import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type BrowserContext,
  devices,
  type LaunchOptions,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { PNG } from 'pngjs';
import type { AccountDetails } from './fixtures/accounts.js';
import { answeredPromptsState } from './fixtures/answered-prompts.js';
import { originHeader } from './fixtures/origin.js';
import { saveScreen } from './fixtures/screens.js';
import { collectConsoleErrors, expect, test } from './fixtures/test.js';
import { HomePage } from './pages/home-page.js';
import { LandingPage } from './pages/landing-page.js';
import { NotFoundPage } from './pages/not-found-page.js';

const OFFLINE_BANNER = "You're offline. Some features may not work.";

/** Waits until the app's service worker is active and controls the page. */
async function waitForServiceWorker(page: Page) {
  const scriptUrl = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? null;
  });
  expect(scriptUrl).toMatch(/\/sw\.js$/);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test('the service worker installs, controls the page, and the app opens offline with the banner', async ({
  page,
  context,
}) => {
  const landing = new LandingPage(page);
  await landing.goto();
  await waitForServiceWorker(page);
  // Every route's chunk is precached, not only the ones this visit loaded.
  const precached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  for (const chunk of [
    'index.html',
    'license-plate-',
    'send-message-',
    'qr-scanner-',
    'qr-decoder.worker-',
  ]) {
    expect(
      precached.some((url) => url.includes(chunk)),
      `${chunk} is precached`,
    ).toBe(true);
  }

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
  await saveScreen(page, 'offline-home');

  // A screen this visit never opened comes from the precache too.
  await page.goto('/license-plate');
  await expect(page.getByRole('heading', { name: 'Find Vehicle' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
  await saveScreen(page, 'offline-license-plate');

  // The session's read waits for the connection (no Service Temporarily Unavailable) and goes on once it is back.
  await page.getByRole('link', { name: 'Back to home' }).click();
  await context.setOffline(false);
  await landing.expectShown();
  await expect(page.getByText(OFFLINE_BANNER)).toBeHidden();
});

test('a signed-in owner opens the app offline on Home, which fills in once the connection is back', async ({
  page,
  context,
  signedInAccount,
}) => {
  const home = new HomePage(page);
  await home.goto();
  await expect(home.greeting).toHaveText(`Hi, ${signedInAccount.firstName}`);
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
  // Home's frame, not a spinner: its tiles and the signed-in navigation; who is signed in is not known yet.
  await home.expectShown();
  await expect(page.getByRole('heading', { name: 'Need to reach a driver?' })).toBeVisible();
  await expect(home.greeting).toHaveText('');
  await saveScreen(page, 'offline-home-signed-in');

  await context.setOffline(false);
  await expect(home.greeting).toHaveText(`Hi, ${signedInAccount.firstName}`);
  await expect(page.getByText(OFFLINE_BANNER)).toBeHidden();
});

/**
 * A persistent Chromium profile, as an installed app's browser keeps (a disk cache, the service worker across
 * visits), at the journeys' phone size, with the first-visit prompts answered. Playwright's default context is
 * incognito-like.
 */
async function openPersistentProfile(
  playwright: PlaywrightWorkerArgs['playwright'],
  launchOptions: LaunchOptions,
  baseURL: string | undefined,
) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'vc-profile-'));
  const { defaultBrowserType: _, ...phone } = devices['Pixel 7'];
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    ...phone,
    viewport: { width: 390, height: 844 },
    baseURL,
  });
  await context.addCookies(answeredPromptsState(baseURL ?? '').cookies);
  const page = context.pages()[0] ?? (await context.newPage());
  const close = async () => {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return { context, page, close };
}

/** Signs the profile in through the API, as the session fixture does, and opens Home once the worker controls it. */
async function signInAndOpenHome(context: BrowserContext, page: Page, account: AccountDetails) {
  const response = await context.request.post('/api/auth/login', {
    headers: originHeader(),
    data: { email: account.email, password: account.password, rememberMe: false },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const home = new HomePage(page);
  await home.goto();
  await expect(home.greeting).toHaveText(`Hi, ${account.firstName}`);
  await waitForServiceWorker(page);
  return home;
}

/** The browser's line for a request that got no answer: this journey cuts the network on purpose. */
const noAnswerLog = /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/;

// Issue 29, point 11: load Home signed in, reload online, go offline, reload. navigator.onLine only says that a
// network interface is up; on a network that reaches nothing it says online while every request fails
// without an answer (docs/decisions/0130-offline-is-no-answer.md).
const waysToBeOffline = [
  {
    name: 'the browser is offline',
    screen: 'offline-home-signed-in-persistent',
    goOffline: (context: BrowserContext) => context.setOffline(true),
    goOnline: (context: BrowserContext) => context.setOffline(false),
  },
  {
    name: 'the network reaches nothing while the browser says online',
    screen: 'offline-home-signed-in-no-answer',
    // What the service worker answers (the page and its files) never reaches Playwright's routes.
    goOffline: (context: BrowserContext) =>
      context.route('**/*', (route) => route.abort('internetdisconnected')),
    goOnline: (context: BrowserContext) => context.unrouteAll(),
  },
];

for (const way of waysToBeOffline) {
  test(`signed in on a persistent profile, a reload when ${way.name} shows Home under the offline banner`, async ({
    playwright,
    launchOptions,
    baseURL,
    account,
  }) => {
    const { context, page, close } = await openPersistentProfile(playwright, launchOptions, baseURL);
    try {
      const errors = collectConsoleErrors(page);
      const home = await signInAndOpenHome(context, page, account);
      // The live connection is up (it has said who it is) before the network goes: an attempt cut halfway
      // would log a failure of its own, which is the race and not the page.
      const liveConnection = page
        .waitForEvent('websocket')
        .then((socket) => socket.waitForEvent('framesent'));
      await page.reload();
      await expect(home.greeting).toHaveText(`Hi, ${account.firstName}`);
      await liveConnection;

      await way.goOffline(context);
      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
      await home.expectShown();
      await expect(page.getByRole('heading', { name: 'Need to reach a driver?' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Service Temporarily Unavailable' })).toBeHidden();
      await expect(home.greeting).toHaveText('');
      await saveScreen(page, way.screen);

      // Back online, the session's read goes on; the server is asked again without any browser event.
      await way.goOnline(context);
      await expect(home.greeting).toHaveText(`Hi, ${account.firstName}`);
      await expect(page.getByText(OFFLINE_BANNER)).toBeHidden();
      expect(errors.filter((error) => !noAnswerLog.test(error))).toEqual([]);
    } finally {
      await close();
    }
  });
}

test('signed in on a persistent profile, a server that answers 503 at a reload shows Service Temporarily Unavailable', async ({
  playwright,
  launchOptions,
  baseURL,
  account,
}) => {
  const { context, page, close } = await openPersistentProfile(playwright, launchOptions, baseURL);
  try {
    await signInAndOpenHome(context, page, account);
    // The server (or the proxy in front of it) answers, and says it cannot serve: decision 0012's screen.
    await context.route('**/api/**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Service unavailable' }),
      }),
    );
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Service Temporarily Unavailable' })).toBeVisible();
    await expect(page.getByText(OFFLINE_BANNER)).toBeHidden();
  } finally {
    await close();
  }
});

// Chromium reports every page of an incognito-like context (Playwright's default) as not installable:
// the check runs in a persistent profile, with the project's browser and launch options.
test('Chromium finds the app installable', async ({ playwright, launchOptions, baseURL }) => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'vc-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const errors = collectConsoleErrors(page);
    await new LandingPage(page).goto();
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

test('the web app manifest names the app and serves its icons at their sizes', async ({ page, baseURL }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifestUrl = new URL(href ?? '', baseURL);
  const response = await page.request.get(manifestUrl.href);
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: 'Vehicle Contact',
    short_name: 'Vehicle Contact',
    description: "Reach a vehicle's owner anonymously by QR code or licence plate.",
    start_url: '/',
    display: 'standalone',
    theme_color: '#2563eb',
    background_color: '#f6f8fb',
  });

  const iconSizes: string[] = [];
  for (const icon of manifest.icons) {
    const iconResponse = await page.request.get(new URL(icon.src, manifestUrl).href);
    expect(iconResponse.ok(), icon.src).toBe(true);
    expect(iconResponse.headers()['content-type']).toBe('image/png');
    const png = PNG.sync.read(await iconResponse.body());
    expect(`${png.width}x${png.height}`, icon.src).toBe(icon.sizes);
    iconSizes.push(`${icon.sizes} ${icon.purpose ?? 'any'}`);
  }
  expect(iconSizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
});

// Playwright's routes do not see what a service worker answers: this page asks the server itself, as it
// does before its worker is installed.
test('a page of a version the server no longer has shows App Update Available, and Update App loads the app afresh', async ({
  browser,
  baseURL,
}) => {
  // A context of its own: the failed chunk is meant to be reported, so the usual console check stays out.
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = collectConsoleErrors(page);
  const notFound = new NotFoundPage(page);
  await notFound.goto('/no/such/page');

  // After a deployment the landing page's chunk of the running version is gone from the server.
  const landingChunk = /\/assets\/landing-[^/]+\.js$/;
  await page.route(landingChunk, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await notFound.goHome();
  await expect(page.getByRole('heading', { name: 'App Update Available' })).toBeVisible();
  await saveScreen(page, 'app-update-available');

  await page.unroute(landingChunk);
  await page.getByRole('button', { name: 'Update App' }).click();
  await new LandingPage(page).expectShown();
  expect(errors.length).toBeGreaterThan(0);
  for (const error of errors) expect(error).toMatch(/dynamically imported module|landing-/);
  await context.close();
});
