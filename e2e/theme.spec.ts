import { findCookie, secondsFromNow } from './fixtures/session.js';
import { expect, test } from './fixtures/test.js';
import { ProfilePage } from './pages/profile-page.js';

const darkClass = /(^|\s)dark(\s|$)/;
const ONE_DAY_SECONDS = 24 * 60 * 60;

test('Dark mode on Profile darkens the app, is kept in the theme cookie and survives a reload', async ({
  page,
  context,
  signedInAccount: _signedIn,
}) => {
  const profile = new ProfilePage(page);
  const html = page.locator('html');

  await profile.goto();
  await expect(profile.darkMode).toHaveAttribute('aria-checked', 'false');
  await expect(html).not.toHaveClass(darkClass);

  await profile.darkMode.click();
  await expect(profile.darkMode).toHaveAttribute('aria-checked', 'true');
  await expect(html).toHaveClass(darkClass);
  const saved = await findCookie(context, 'theme');
  expect(saved?.value).toBe('dark');
  // A preference cookie lasts 365 days (spec §9).
  expect(saved?.expires).toBeGreaterThan(secondsFromNow(365) - ONE_DAY_SECONDS);
  await profile.screenshot('profile-dark');

  await page.reload();
  await profile.expectShown();
  await expect(html).toHaveClass(darkClass);
  await expect(profile.darkMode).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(html).toHaveClass(darkClass);
  await profile.screenshot('home-dark');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await profile.darkMode.click();
  await expect(profile.darkMode).toHaveAttribute('aria-checked', 'false');
  await expect(html).not.toHaveClass(darkClass);
  expect((await findCookie(context, 'theme'))?.value).toBe('light');
});
