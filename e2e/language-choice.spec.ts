import { profileTexts } from '../src/client/features/profile/texts.js';
import { settingsTexts } from '../src/client/features/settings/texts.js';
import { expect, test } from './fixtures/test.js';
import { SettingsPage } from './pages/settings-page.js';

/** The words each screen shows in Chinese (locales/zh-CN), as a Chinese reader sees them. */
const zh = {
  settings: '设置',
  profile: '个人资料',
  language: '语言',
  browserDefault: '跟随浏览器',
  help: '帮助与支持',
};

test('Choosing 中文 in Settings turns the screens Chinese at once and after a reload; Browser default turns them back', async ({
  page,
  signedInAccount,
}) => {
  void signedInAccount;
  const settings = new SettingsPage(page);
  await settings.goto();
  const language = page.getByLabel(settingsTexts.language, { exact: true });
  await expect(language).toHaveValue('');

  await language.selectOption('zh-CN');
  // At once: the screen redraws in Chinese, the page says so, and the choice is the select's.
  await expect(page.getByRole('heading', { level: 1, name: zh.settings })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const chineseLanguage = page.getByLabel(zh.language, { exact: true });
  await expect(chineseLanguage).toHaveValue('zh-CN');
  await expect(page.getByText(settingsTexts.appearanceTitle, { exact: true })).toHaveCount(0);
  // A server without PUT /api/auth/locale (or one that refuses it) still leaves the choice here.
  await expect(page.getByRole('heading', { level: 1, name: zh.settings })).toBeVisible();

  // After a reload, and on the other screens.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: zh.settings })).toBeVisible();
  await expect(chineseLanguage).toHaveValue('zh-CN');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: zh.profile })).toBeVisible();
  await expect(page.getByText(profileTexts.myVehicles, { exact: true })).toHaveCount(0);
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: zh.help })).toBeVisible();

  // The browser's language again (English here).
  await page.goto('/settings');
  await page.getByLabel(zh.language, { exact: true }).selectOption({ label: zh.browserDefault });
  await settings.expectShown();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(language).toHaveValue('');
});
