import type { BrowserContext, Page } from '@playwright/test';
import { AUTO_LOGIN_SPACING_MS } from '../src/client/features/auth/auto-login.js';
import { findCookie } from './fixtures/session.js';
import { expect, test } from './fixtures/test.js';
import { AuthPage } from './pages/auth-page.js';
import { HomePage } from './pages/home-page.js';
import { LandingPage } from './pages/landing-page.js';
import { SettingsPage } from './pages/settings-page.js';

async function cookieJson(context: BrowserContext, name: string) {
  const cookie = await findCookie(context, name);
  return cookie ? JSON.parse(decodeURIComponent(cookie.value)) : undefined;
}

/** Signs in through the form with Remember me and turns on Automatic sign-in in Settings. */
async function rememberAndEnable(page: Page, account: { email: string; password: string }) {
  const auth = new AuthPage(page);
  await auth.goto('login');
  await auth.login({ ...account, rememberMe: true });
  await new HomePage(page).expectShown();
  const settings = new SettingsPage(page);
  await settings.goto();
  const autoLogin = page.getByRole('switch', { name: 'Automatic sign-in' });
  await autoLogin.click();
  await expect(autoLogin).toHaveAttribute('aria-checked', 'true');
}

/**
 * The app's first read of the session is answered "nobody" once (a proxy or a server that lost its way for
 * a moment), although the browser still holds its remembered session.
 */
async function loseTheSessionReadOnce(page: Page) {
  let answered = false;
  await page.route('**/api/auth/user', async (route) => {
    if (answered) return route.continue();
    answered = true;
    await route.fulfill({ status: 200, contentType: 'application/json', body: 'null' });
  });
}

test('the sign-in form is prefilled with the remembered email and Remember me, and no password is kept', async ({
  page,
  context,
  account,
}) => {
  const auth = new AuthPage(page);
  await auth.goto('login');
  await auth.login({ ...account, rememberMe: true });
  await new HomePage(page).expectShown();
  const remembered = await cookieJson(context, 'remember-me');
  expect(remembered).toEqual({ email: account.email, remember: true, lastLogin: expect.any(Number) });
  expect(JSON.stringify(await context.cookies())).not.toContain(account.password);

  await page.context().clearCookies({ name: 'session' });
  await auth.goto('login');
  await expect(auth.email).toHaveValue(account.email);
  await expect(page.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
  await expect(auth.password).toHaveValue('');
});

test('automatic sign-in takes up the remembered session again when the app finds nobody signed in', async ({
  page,
  context,
  account,
}) => {
  await rememberAndEnable(page, account);
  await loseTheSessionReadOnce(page);
  await page.goto('/');
  // Auto-login asks the server to extend the remembered session, and the app reads the user again.
  await new HomePage(page).expectShown();
  expect(await cookieJson(context, 'auto-login')).toMatchObject({ successCount: 1, failureCount: 0 });
});

test('without automatic sign-in the app stays signed out; without a session cookie it fails and says why', async ({
  page,
  context,
  account,
}) => {
  await rememberAndEnable(page, account);
  await page.getByRole('switch', { name: 'Automatic sign-in' }).click();
  await loseTheSessionReadOnce(page);
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/refresh-session') refreshes.push(request.url());
  });
  // The page's clock: the app's first try (at once) and the next (5 minutes later) would both have come.
  await page.clock.install();
  await page.goto('/');
  await new LandingPage(page).expectShown();
  await page.clock.runFor(AUTO_LOGIN_SPACING_MS);
  await new LandingPage(page).expectShown();
  expect(refreshes).toEqual([]);

  // On again, but the browser lost its session cookie: the attempt fails for that reason.
  await new SettingsPage(page).goto();
  await page.getByRole('switch', { name: 'Automatic sign-in' }).click();
  await context.clearCookies({ name: 'session' });
  await context.clearCookies({ name: 'session-hint' });
  await page.goto('/');
  await new LandingPage(page).expectShown();
  await expect
    .poll(async () => (await cookieJson(context, 'auto-login'))?.lastFailure)
    .toBe('no-session-cookie');
  expect(await cookieJson(context, 'auto-login')).toMatchObject({ failureCount: 1 });
});
