import { EMAIL_FALLBACK_AFTER_MS } from '../src/shared/messaging/status.contract.js';
import { notificationPreferencesTexts } from '../src/shared/push/push.contract.js';
import { findCookie } from './fixtures/session.js';
import { expect, test } from './fixtures/test.js';
import { SettingsPage } from './pages/settings-page.js';

test('Show message previews in Settings is kept by the server (which writes the pushes) and in the preferences cookie', async ({
  page,
  context,
  signedInAccount,
}) => {
  void signedInAccount;
  const settings = new SettingsPage(page);
  await settings.goto();
  const previews = page.getByRole('switch', { name: 'Show message previews' });
  await expect(previews).toHaveAttribute('aria-checked', 'true');

  await previews.click();
  await expect(previews).toHaveAttribute('aria-checked', 'false');
  await expect
    .poll(async () => (await page.request.get('/api/push/preferences')).json())
    .toMatchObject({ showPreviews: false });
  // The page writes the cookie once its own save is answered, which may come after the read above.
  await expect
    .poll(
      async () =>
        JSON.parse(decodeURIComponent((await findCookie(context, 'preferences'))?.value ?? '{}'))
          .notifications,
    )
    .toMatchObject({ showPreviews: false });

  await page.reload();
  await settings.expectShown();
  await expect(previews).toHaveAttribute('aria-checked', 'false');
  await previews.click();
  await expect(previews).toHaveAttribute('aria-checked', 'true');
  await expect
    .poll(async () => (await page.request.get('/api/push/preferences')).json())
    .toMatchObject({ showPreviews: true });
});

test("E-mail me when notifications can't reach me is on by default, kept by the server, and stays after a reload", async ({
  page,
  signedInAccount,
}) => {
  void signedInAccount;
  const settings = new SettingsPage(page);
  await settings.goto();
  // Shown whether or not this browser has push on (it has not here): it matters most then.
  const fallback = page.getByRole('switch', { name: notificationPreferencesTexts.emailFallback });
  await expect(fallback).toHaveAttribute('aria-checked', 'true');
  // Outside the app texts read in no language, where an ICU plural is not rendered: written out as en-US shows it.
  await expect(fallback).toContainText(
    `When no notification reaches you within ${EMAIL_FALLBACK_AFTER_MS / 60_000} minutes of a message, we email your verified address.`,
  );

  await fallback.click();
  await expect(fallback).toHaveAttribute('aria-checked', 'false');
  await expect
    .poll(async () => (await page.request.get('/api/push/preferences')).json())
    .toMatchObject({ showPreviews: true, emailFallback: false });

  await page.reload();
  await settings.expectShown();
  await expect(fallback).toHaveAttribute('aria-checked', 'false');
  // The previews switch beside it kept its own value.
  await expect(page.getByRole('switch', { name: 'Show message previews' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await fallback.click();
  await expect(fallback).toHaveAttribute('aria-checked', 'true');
  await expect
    .poll(async () => (await page.request.get('/api/push/preferences')).json())
    .toMatchObject({ showPreviews: true, emailFallback: true });
});
