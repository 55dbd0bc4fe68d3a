import { urgentTexts } from '../src/client/features/messaging/urgent-texts.js';
import { quietHoursScreenTexts } from '../src/client/features/push/quiet-hours-texts.js';
import { DEFAULT_QUICK_MESSAGES } from '../src/shared/messaging/messages.contract.js';
import { aFindersPhone } from './fixtures/finders-phone.js';
import { expect, test } from './fixtures/vehicles.js';
import { ConversationsPage } from './pages/conversations-page.js';
import { SendMessagePage } from './pages/send-message-page.js';
import { SettingsPage } from './pages/settings-page.js';

/**
 * Issue 33 point 1 (docs/decisions/0150-quiet-hours-urgent.md): quiet hours in Settings' notification card,
 * and an urgent message from Send Message to the owner's conversation.
 */

test('the owner sets quiet hours in Settings, in their time zone, and finds them so after a reload', async ({
  page,
  owner: _owner,
}) => {
  const settings = new SettingsPage(page);
  await settings.goto();
  const quiet = page.getByRole('switch', { name: quietHoursScreenTexts.label });
  const from = page.getByLabel(quietHoursScreenTexts.start, { exact: true });
  const until = page.getByLabel(quietHoursScreenTexts.end, { exact: true });
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(quiet).toHaveAttribute('aria-checked', 'false');
  await expect(quiet).toHaveAccessibleDescription(quietHoursScreenTexts.hint);
  await expect(from).toHaveValue('22:00');
  await expect(until).toHaveValue('07:00');
  await expect(page.getByText(quietHoursScreenTexts.timeZone({ zone }))).toBeVisible();

  await quiet.click();
  await expect(quiet).toHaveAttribute('aria-checked', 'true');
  await from.fill('21:30');
  await until.fill('06:45');
  await expect
    .poll(async () => (await (await page.request.get('/api/push/preferences')).json()).quietHours)
    .toEqual({ enabled: true, start: '21:30', end: '06:45', timeZone: zone });
  await quiet.scrollIntoViewIfNeeded();
  await settings.screenshot('quiet-hours-settings');

  await page.reload();
  await settings.expectShown();
  await expect(quiet).toHaveAttribute('aria-checked', 'true');
  await expect(from).toHaveValue('21:30');
  await expect(until).toHaveValue('06:45');
  await expect(page.getByText(quietHoursScreenTexts.timeZone({ zone }))).toBeVisible();
  // The other switches of the card kept their own values.
  await expect(page.getByRole('switch', { name: 'Show message previews' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test('a finder sends an urgent quick message; the owner’s conversation shows it urgent', async ({
  page,
  vehicle,
  browser,
  baseURL,
}) => {
  const phone = await aFindersPhone(browser, baseURL);
  const finder = phone.page;
  await finder.goto(`/message/${vehicle.id}`);
  const send = new SendMessagePage(finder);
  await send.expectShown(vehicle.licensePlate);
  const urgent = finder.getByRole('switch', { name: urgentTexts.label });
  await expect(urgent).not.toBeChecked();
  await expect(urgent).toHaveAccessibleDescription(urgentTexts.hint);

  // An urgent quick message turns it on; another quick message off again; the finder may choose either way.
  await send.chooseQuickMessage(DEFAULT_QUICK_MESSAGES[5]);
  await expect(urgent).toBeChecked();
  await send.chooseQuickMessage(DEFAULT_QUICK_MESSAGES[2]);
  await expect(urgent).not.toBeChecked();
  await send.chooseQuickMessage(DEFAULT_QUICK_MESSAGES[0]);
  await expect(urgent).toBeChecked();
  await send.screenshot('quiet-hours-send-urgent');
  await send.submit();
  await send.expectSent();
  await phone.context.close();
  expect(phone.errors, "errors the finder's page wrote to its console").toEqual([]);

  const owner = new ConversationsPage(page);
  await owner.goto();
  await owner.open(/Anonymous visitor/);
  const message = owner.message(DEFAULT_QUICK_MESSAGES[0]);
  await expect(message).toBeVisible();
  await expect(message.getByText('Urgent', { exact: true })).toBeVisible();
  await owner.screenshot('quiet-hours-urgent-message');
});
