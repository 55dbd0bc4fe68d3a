import type { Page } from '@playwright/test';
import { SAMPLE_VEHICLE } from '../src/shared/vehicles/sample.js';
import { expectAccessible } from './fixtures/axe.js';
import { aFindersPhone } from './fixtures/finders-phone.js';
import { originHeader } from './fixtures/origin.js';
import { messagesTo } from './fixtures/owner-messages.js';
import { expect, test } from './fixtures/vehicles.js';
import { ConversationsPage } from './pages/conversations-page.js';
import { MessageStatusPage } from './pages/message-status-page.js';
import { SendMessagePage } from './pages/send-message-page.js';

/*
 * The finder's side (issue 32, docs/decisions/0146-the-senders-status-page.md): two phones, a passer-by
 * without an account and the signed-in owner of the vehicle. Send Message's "Sending… Undo" countdown, and
 * the status page a real message leads to, kept current over the realtime sockets.
 */

// Well inside the status page's 30 s polling fallback: what arrives within this came over a socket.
const LIVE_MS = 5_000;

async function writeOnSendMessage(finder: Page, vehicleId: string, plate: string) {
  const send = new SendMessagePage(finder);
  await finder.goto(`/message/${vehicleId}`);
  await send.expectShown(plate);
  return send;
}

test('Undo before it goes: nothing reaches the owner after Undo or Back; left alone, it goes', async ({
  page,
  vehicle,
  browser,
  baseURL,
}) => {
  const finder = await aFindersPhone(browser, baseURL);
  const send = await writeOnSendMessage(finder.page, vehicle.id, vehicle.licensePlate);
  await send.chooseQuickMessage('Your lights are on');

  // Send: the countdown takes the button's place, Undo has the focus, the text cannot change meanwhile.
  await send.send.click();
  await expect(send.countdown).toBeVisible();
  await expect(send.countdown).toHaveText(/^Sending… [1-5]$/);
  await expect(send.undo).toBeFocused();
  await expect(send.content).not.toBeEditable();
  const box = await send.undo.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThanOrEqual(44);
  await send.screenshot('finder-status-countdown');
  await send.undo.click();
  // Back to the form, the text intact, the typing place focused.
  await expect(send.countdown).toHaveCount(0);
  await expect(send.content).toHaveValue('Your lights are on');
  await expect(send.content).toBeFocused();
  await expect(send.send).toBeEnabled();
  await expect(finder.page).toHaveURL(/\/message\//);

  // Send, then Back during the countdown: leaving the screen sends nothing either.
  await send.content.fill('Your window is open');
  await send.send.click();
  await expect(send.countdown).toBeVisible();
  await finder.page.getByRole('link', { name: 'Back' }).click();
  await expect(finder.page).toHaveURL(/\/vehicle-found\//);

  // Written again and left alone: it goes at 0, and its status page replaces the form.
  await finder.page.getByRole('link', { name: 'Send Message' }).click();
  await send.expectShown(vehicle.licensePlate);
  await send.content.fill('Your tyre looks flat');
  await send.submit();
  await send.expectSent();
  // The two taken back would have gone 5 s after their taps, both before this one: only this one went.
  expect(await messagesTo(page.request, vehicle.id)).toEqual(['Your tyre looks flat']);

  // Back from the status page leads before the form, which the send replaced.
  await finder.page.goBack();
  await expect(finder.page).toHaveURL(/\/vehicle-found\//);
  await finder.context.close();
  expect(finder.errors, "errors the finder's page wrote to its console").toEqual([]);
});

test('the sample vehicle keeps its confirmation, which returns home by itself', async ({ page }) => {
  const send = new SendMessagePage(page);
  await page.goto(`/message/${SAMPLE_VEHICLE.id}`);
  await send.chooseQuickMessage('Your lights are on');
  await send.submit();
  await send.expectSampleSent();
  // Spec §9: after 10 seconds.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
});

test('the whole loop: Sent, then Delivered and Seen live, the owner answers with a tap and in words, the finder answers back; only the sender sees the status', async ({
  page,
  vehicle,
  browser,
  baseURL,
}) => {
  test.slow();
  const owner = new ConversationsPage(page);
  const finder = await aFindersPhone(browser, baseURL);
  const status = new MessageStatusPage(finder.page);

  // The owner's app is closed: the message is stored, Sent, and nothing has taken it yet.
  await page.goto('about:blank');
  const send = await writeOnSendMessage(finder.page, vehicle.id, vehicle.licensePlate);
  await send.chooseQuickMessage('Your lights are on');
  await send.submit();
  const messageId = await send.expectSent();
  await expect(finder.page.getByText('Your lights are on', { exact: true })).toBeVisible();
  await status.expectStep('Sent');
  // The owner opens the app (Conversations): its socket connects and the message is on their phone now:
  // Delivered, live, without a reload of the finder's page.
  await owner.goto();
  await status.expectStep('Delivered', { timeout: LIVE_MS });
  await expect(status.steps.getByRole('listitem').filter({ hasText: 'Sent' }).locator('time')).toBeVisible();
  // Nothing seen or answered yet: Notify again waits its 10 minutes.
  await expect(status.notifyAgain).toBeDisabled();
  await expect(status.notifyAgain).toHaveText(/^Notify again in (9|10) min$/);
  // No return home on its own (Message Success's 10 s): the page stays to be watched.
  await expect(finder.page.getByText(/Returning to home/)).toHaveCount(0);
  await status.screenshot('finder-status-delivered');

  // The owner opens the conversation: Seen, live.
  await owner.open(/Anonymous visitor/);
  await expect(owner.message('Your lights are on')).toBeVisible();
  await status.expectStep('Seen', { timeout: LIVE_MS });
  await expect(status.notifyAgain).toHaveCount(0);

  // The owner taps On my way in the chat and replies in words: both reach the finder live.
  await owner.answer('On my way').click();
  await expect(owner.answer('On my way')).toHaveAttribute('aria-pressed', 'true');
  await expect(status.ownerAnswer).toHaveText('On my way', { timeout: LIVE_MS });
  await owner.sendReply('Thank you, two minutes');
  await expect(status.reply('Thank you, two minutes')).toBeVisible({ timeout: LIVE_MS });

  // The finder answers from the status page; the owner's open chat has it live.
  await status.sendAnswer('I will wait by the car');
  await expect(status.reply('I will wait by the car')).toBeVisible();
  await expect(owner.message('I will wait by the car')).toBeVisible({ timeout: LIVE_MS });
  await status.screenshot('finder-status-answered');
  await expectAccessible(finder.page, 'the status page with an answer and replies');

  // Reopened by its address in the same browser, it is all still there.
  await status.goto(messageId);
  await status.expectStep('Seen');
  await expect(status.ownerAnswer).toHaveText('On my way');
  await expect(status.reply('Thank you, two minutes')).toBeVisible();

  // Anyone else gets "can't be shown here": another browser, and the owner.
  const stranger = await aFindersPhone(browser, baseURL);
  await new MessageStatusPage(stranger.page).goto(messageId);
  await new MessageStatusPage(stranger.page).expectNotShown();
  await stranger.context.close();
  const ownersView = new MessageStatusPage(page);
  await ownersView.goto(messageId);
  await ownersView.expectNotShown();
  await ownersView.screenshot('finder-status-not-shown');

  await finder.context.close();
  expect(finder.errors, "errors the finder's page wrote to its console").toEqual([]);
  expect(stranger.errors, "errors the stranger's page wrote to its console").toEqual([]);
});

test('read receipts off: the finder sees Sent while the owner is away, then Delivered when they open it, never Seen', async ({
  page,
  vehicle,
  browser,
  baseURL,
}) => {
  const owner = new ConversationsPage(page);
  const receipts = await page.request.put('/api/messages/preferences', {
    headers: originHeader(),
    data: { readReceipts: false },
  });
  expect(receipts.status(), await receipts.text()).toBe(200);

  // The owner's app is closed: no socket, no push subscription takes the message.
  await page.goto('about:blank');
  const finder = await aFindersPhone(browser, baseURL);
  const status = new MessageStatusPage(finder.page);
  const send = await writeOnSendMessage(finder.page, vehicle.id, vehicle.licensePlate);
  await send.content.fill('Your boot is open');
  await send.submit();
  await send.expectSent();
  await status.expectStep('Sent');
  await expect(status.notifyAgain).toBeDisabled();
  await status.screenshot('finder-status-sent');

  // The owner opens the app and the conversation: the finder learns it reached them, and no more.
  await owner.goto();
  await owner.open(/Anonymous visitor/);
  await expect(owner.message('Your boot is open')).toBeVisible();
  await status.expectStep('Delivered', { timeout: LIVE_MS });
  await expect(status.steps.getByRole('listitem').filter({ hasText: 'Seen' }).locator('time')).toHaveCount(0);
  // Reading again says the same: Delivered is where it stays.
  await finder.page.reload();
  await status.expectStep('Delivered');

  await finder.context.close();
  expect(finder.errors, "errors the finder's page wrote to its console").toEqual([]);
});

test('a signed-in sender sees the same page, and answers in their conversation', async ({
  page,
  vehicle,
  sender,
}) => {
  const owner = new ConversationsPage(page);
  const status = new MessageStatusPage(sender.page);
  await owner.goto();
  const send = await writeOnSendMessage(sender.page, vehicle.id, vehicle.licensePlate);
  await send.chooseQuickMessage('Your lights are on');
  await send.submit();
  await send.expectSent();
  await status.expectStep('Delivered', { timeout: LIVE_MS });
  await owner.open(/Anonymous visitor/);
  await owner.sendReply('Thanks!');
  await expect(status.reply('Thanks!')).toBeVisible({ timeout: LIVE_MS });
  await status.sendAnswer('You are welcome');
  await expect(owner.message('You are welcome')).toBeVisible({ timeout: LIVE_MS });
});
