import type { APIRequestContext } from '@playwright/test';
import { originHeader } from './fixtures/origin.js';
import { saveScreenInBothThemes } from './fixtures/screens.js';
import { expect, registerVehicle, test } from './fixtures/vehicles.js';
import { ConversationsPage } from './pages/conversations-page.js';

// What arrives within this came over the realtime socket (the conversation screens have no polling).
const LIVE_MS = 5_000;

/** Someone writes to a vehicle through the API (signed out, or signed in without choosing a vehicle). */
async function visitorWrites(visitor: APIRequestContext, vehicleId: string, content: string) {
  const sent = await visitor.post('/api/messages/anonymous', {
    headers: originHeader(),
    data: { vehicleId, content },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return (await sent.json()) as { conversationId: string };
}

test('an owner with two vehicles tells the threads apart by the vehicle written to; unread threads are bold', async ({
  page,
  vehicle,
  browser,
  baseURL,
}) => {
  const second = await registerVehicle(page.request, {
    make: 'Honda',
    model: 'Civic',
    year: '2018',
    color: 'red',
    displayName: 'Work car',
  });
  const visitor = await browser.newContext({ baseURL });
  await visitorWrites(visitor.request, vehicle.id, 'Your lights are on');
  await visitorWrites(visitor.request, second.id, 'Your window is open');

  const conversations = new ConversationsPage(page);
  await conversations.goto();
  const toCamry = conversations.rowAbout(vehicle.licensePlate);
  const toCivic = conversations.rowAbout(second.licensePlate);
  await expect(toCamry).toContainText(`to ${vehicle.licensePlate} · Blue Toyota Camry`);
  await expect(toCamry).toContainText('Your lights are on');
  await expect(toCivic).toContainText(`to ${second.licensePlate} · Red Honda Civic`);
  await expect(toCivic).toContainText('Your window is open');
  // Written less than a minute ago, unread: the name reads bold, and the time as people read it.
  await expect(toCamry.locator('time')).toHaveText(/^(now|\d+ min\. ago)$/);
  expect(await conversations.nameWeight(toCamry)).toBeGreaterThanOrEqual(700);
  await saveScreenInBothThemes(page, 'messenger-list-two-vehicles');

  // Opened, the chat's header names the vehicle too; back in the list the thread is no longer bold.
  await toCamry.click();
  await expect(conversations.chatHeader).toContainText(`to ${vehicle.licensePlate} · Blue Toyota Camry`);
  await page.goBack();
  await expect(conversations.heading).toBeVisible();
  await expect
    .poll(() => conversations.nameWeight(conversations.rowAbout(vehicle.licensePlate)))
    .toBeLessThan(700);
  expect(await conversations.nameWeight(conversations.rowAbout(second.licensePlate))).toBeGreaterThanOrEqual(
    700,
  );
  await visitor.close();
});

test('a chat opens at the newest message with the composer pinned, has its own URL, and hides the tab bar', async ({
  page,
  vehicle,
  sender,
}) => {
  // A signed-in sender, so that the owner can answer: the chat has its composer.
  const writer = sender.page.request;
  let conversationId = '';
  for (let n = 1; n <= 14; n++)
    ({ conversationId } = await visitorWrites(writer, vehicle.id, `Message number ${n} about the car`));
  const conversations = new ConversationsPage(page);
  await conversations.goto();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await conversations.rowAbout(vehicle.licensePlate).click();

  await expect(page).toHaveURL(new RegExp(`/conversations/${conversationId}$`));
  await expect(conversations.message('Message number 14 about the car')).toBeInViewport();
  await expect(conversations.message('Message number 1 about the car')).not.toBeInViewport();
  await expect(conversations.reply).toBeInViewport();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  // Each message says when it was written and when it disappears.
  await expect(conversations.message('Message number 14 about the car')).toContainText(
    /(now|min\. ago) · disappears in 23 h/,
  );
  await saveScreenInBothThemes(page, 'messenger-chat-newest');

  // Scrolled up, a new message does not pull the reader down: it is announced instead.
  await page.evaluate(() => window.scrollTo(0, 0));
  await visitorWrites(writer, vehicle.id, 'One more thing');
  const announce = page.getByRole('button', { name: '1 new message' });
  await expect(announce).toBeVisible({ timeout: LIVE_MS });
  await expect(conversations.message('One more thing')).not.toBeInViewport();
  await saveScreenInBothThemes(page, 'messenger-chat-new-message-below');
  await announce.click();
  await expect(conversations.message('One more thing')).toBeInViewport();
  await expect(announce).toBeHidden();

  // At the bottom, the next one scrolls into view by itself.
  await visitorWrites(writer, vehicle.id, 'Thanks in advance');
  await expect(conversations.message('Thanks in advance')).toBeInViewport({ timeout: LIVE_MS });
  await expect(announce).toBeHidden();

  // Back (the browser's) returns to the list, whose tab bar is back.
  await page.goBack();
  await expect(page).toHaveURL(/\/conversations$/);
  await expect(conversations.heading).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // Opened from a link (a notification), the chat's own back button leads to the list too.
  await page.goto(`/conversations/${conversationId}`);
  await expect(conversations.message('Thanks in advance')).toBeInViewport();
  await page.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(page).toHaveURL(/\/conversations$/);
  await expect(conversations.heading).toBeVisible();
  // The older link form still opens the chat.
  await page.goto(`/conversations?open=${conversationId}`);
  await expect(page).toHaveURL(new RegExp(`/conversations/${conversationId}$`));
});
