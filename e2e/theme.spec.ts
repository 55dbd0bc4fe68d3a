import { findCookie, secondsFromNow } from './fixtures/session.js';
import { expect, test } from './fixtures/test.js';
import { SettingsPage } from './pages/settings-page.js';

const darkClass = /(^|\s)dark(\s|$)/;
const ONE_DAY_SECONDS = 24 * 60 * 60;

test('Dark mode in Settings darkens the app, is kept in the preferences cookie and survives a reload', async ({
  page,
  context,
  signedInAccount: _signedIn,
}) => {
  const settings = new SettingsPage(page);
  const html = page.locator('html');

  await settings.goto();
  await expect(settings.darkMode).toHaveAttribute('aria-checked', 'false');
  await expect(html).not.toHaveClass(darkClass);

  await settings.darkMode.click();
  await expect(settings.darkMode).toHaveAttribute('aria-checked', 'true');
  await expect(html).toHaveClass(darkClass);
  const saved = await findCookie(context, 'preferences');
  expect(JSON.parse(decodeURIComponent(saved?.value ?? '{}'))).toMatchObject({ theme: 'dark' });
  // A preference cookie lasts 365 days (spec §9).
  expect(saved?.expires).toBeGreaterThan(secondsFromNow(365) - ONE_DAY_SECONDS);
  await settings.screenshot('settings-dark');

  await page.reload();
  await settings.expectShown();
  await expect(html).toHaveClass(darkClass);
  await expect(settings.darkMode).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(html).toHaveClass(darkClass);
  await settings.screenshot('home-dark');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await settings.darkMode.click();
  await expect(settings.darkMode).toHaveAttribute('aria-checked', 'false');
  await expect(html).not.toHaveClass(darkClass);
  const preferences = await findCookie(context, 'preferences');
  expect(JSON.parse(decodeURIComponent(preferences?.value ?? '{}'))).toMatchObject({ theme: 'light' });
});

test('a theme chosen before the preferences cookie existed still applies, and moves there on the next change', async ({
  page,
  context,
  baseURL,
  signedInAccount: _signedIn,
}) => {
  const { hostname } = new URL(baseURL ?? 'http://localhost');
  await context.addCookies([{ name: 'theme', value: 'dark', domain: hostname, path: '/' }]);
  const settings = new SettingsPage(page);
  await settings.goto();
  await expect(page.locator('html')).toHaveClass(darkClass);
  await expect(settings.darkMode).toHaveAttribute('aria-checked', 'true');

  await settings.darkMode.click();
  await expect(page.locator('html')).not.toHaveClass(darkClass);
  expect(await findCookie(context, 'theme')).toBeUndefined();
  const preferences = await findCookie(context, 'preferences');
  expect(JSON.parse(decodeURIComponent(preferences?.value ?? '{}'))).toMatchObject({ theme: 'light' });
});
