import packageJson from '../package.json' with { type: 'json' };
import { helpTexts } from '../src/client/features/help/texts.js';
import { saveScreen, saveScreenInBothThemes } from './fixtures/screens.js';
import { expect, test } from './fixtures/test.js';
import { toastCard } from './pages/toasts.js';

// The server of this run publishes the address the operator configured (playwright.config.ts leaves
// SUPPORT_EMAIL to its default unless the environment sets it).
const supportEmail = process.env.SUPPORT_EMAIL ?? 'support@localhost';

test('Help opens from Profile with every section, the common issues open and close, and support is an email link', async ({
  page,
  signedInAccount,
}) => {
  void signedInAccount;
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Help & Support' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole('heading', { level: 1, name: helpTexts.title })).toBeVisible();

  for (const section of [
    helpTexts.notificationsTitle,
    helpTexts.troubleshootingTitle,
    helpTexts.howToTitle,
    helpTexts.privacyTitle,
    helpTexts.commonIssuesTitle,
    helpTexts.supportTitle,
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 3, name: helpTexts.iphoneTitle })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: helpTexts.androidTitle })).toBeVisible();
  await expect(page.getByText('Messages are deleted automatically after 24 hours.')).toBeVisible();

  // The common issues are collapsed until asked for.
  const scanner = helpTexts.commonIssues.scanner;
  const answer = page.getByText(scanner.text);
  await expect(answer).toBeHidden();
  await page.getByText(scanner.title).click();
  await expect(answer).toBeVisible();
  await page.getByText(scanner.title).click();
  await expect(answer).toBeHidden();

  const support = page.getByRole('link', { name: supportEmail });
  await expect(support).toHaveAttribute('href', `mailto:${supportEmail}`);
  for (const item of helpTexts.supportList) await expect(page.getByText(item)).toBeVisible();
  await saveScreenInBothThemes(page, 'help');

  await page.getByRole('link', { name: helpTexts.back }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('Settings without a user asks to log in', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByText('Please log in to access settings')).toBeVisible();
});

test('Settings opens from Profile with the account, how it signs in, and the footer', async ({
  page,
  signedInAccount,
}) => {
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByText(signedInAccount.email)).toBeVisible();
  await expect(page.getByText(`${signedInAccount.firstName} ${signedInAccount.lastName}`)).toBeVisible();
  await expect(page.getByText('Email & Password')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await expect(page.getByText('Anonymous Vehicle Communication')).toBeVisible();
  await expect(page.getByText('Keep your messages private and secure')).toBeVisible();
  await saveScreenInBothThemes(page, 'settings');
});

test('Log Out in Settings signs out and says so', async ({ page, signedInAccount }) => {
  void signedInAccount;
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
  await expect(toastCard(page, 'Logged Out')).toContainText("You've been successfully logged out.");
  expect((await (await page.request.get('/api/auth/user')).json()) as unknown).toBeNull();
});

test('Profile lists its entries in the spec’s order, and About tells the version and the promises', async ({
  page,
  signedInAccount,
}) => {
  await page.goto('/profile');
  await expect(page.getByText(signedInAccount.email)).toBeVisible();
  const entries = page.getByRole('main').getByRole('listitem');
  await expect(entries).toHaveText([
    /^My Vehicles/,
    /^Notifications/,
    /^Blocked Users/,
    /^Help & Support/,
    /^About/,
  ]);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.getByRole('button', { name: 'About' }).click();
  const about = page.getByRole('dialog', { name: 'About Vehicle Contact' });
  await expect(about).toContainText(`Version ${packageJson.version}`);
  await expect(about).toContainText('Messages are deleted automatically after 24 hours.');
  await saveScreen(page, 'profile-about');
  await about.getByRole('button', { name: 'Close' }).click();
  await expect(about).toBeHidden();
});
