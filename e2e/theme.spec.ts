import { findCookie, secondsFromNow } from './fixtures/session.js';
import { expect, test } from './fixtures/test.js';
import { SettingsPage } from './pages/settings-page.js';

const darkClass = /(^|\s)dark(\s|$)/;
const ONE_DAY_SECONDS = 24 * 60 * 60;

test('Dark mode in Settings darkens the app, is kept in the theme cookie and survives a reload', async ({
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
  const saved = await findCookie(context, 'theme');
  expect(saved?.value).toBe('dark');
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
  expect((await findCookie(context, 'theme'))?.value).toBe('light');
});
