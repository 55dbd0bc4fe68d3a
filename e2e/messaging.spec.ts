import { sendMessageTexts } from '../src/client/features/messaging/texts.js';
import { DEFAULT_QUICK_MESSAGES, messageTexts } from '../src/shared/messaging/messages.contract.js';
import { acceptanceTexts } from '../src/shared/vehicles/acceptance.js';
import { SAMPLE_VEHICLE } from '../src/shared/vehicles/sample.js';
import { originHeader } from './fixtures/origin.js';
import { saveScreen } from './fixtures/screens.js';
import { expect, registerVehicle, test, uniquePlate } from './fixtures/vehicles.js';
import { ConversationsPage } from './pages/conversations-page.js';
import { LicensePlatePage } from './pages/license-plate-page.js';
import { MessageStatusPage } from './pages/message-status-page.js';
import { SendMessagePage } from './pages/send-message-page.js';
import { closeToast, toast } from './pages/toasts.js';
import { VehicleFoundPage } from './pages/vehicle-found-page.js';

test('a signed-out visitor finds a vehicle by plate and sends a quick message; the owner has it', async ({
  page,
  owner: _owner,
  browser,
  baseURL,
  viewport,
}) => {
  const plate = uniquePlate('MSG');
  const vehicle = await registerVehicle(page.request, { licensePlate: plate });

  // Someone else, signed out, on their own phone.
  const visitorContext = await browser.newContext({ baseURL, viewport: viewport ?? undefined });
  const visitor = await visitorContext.newPage();
  const lookup = new LicensePlatePage(visitor);
  await lookup.goto();
  await lookup.search(plate.toLowerCase());
  const found = new VehicleFoundPage(visitor);
  await found.expectShown(plate);
  await visitor.getByRole('link', { name: 'Send Message' }).click();

  const send = new SendMessagePage(visitor);
  await send.expectShown(plate);
  await expect(send.counter).toHaveText('0/500');
  // A blank message is refused before any call (spec §5).
  await send.send.click();
  await expect(toast(visitor, messageTexts.empty)).toBeVisible();
  // The toast slides in over the top of the screen, where the quick messages are: closed first, as a user
  // would (a tap while it slides in lands on the toast, decision 0063).
  await closeToast(visitor, messageTexts.empty);
  const quick = DEFAULT_QUICK_MESSAGES[2];
  await send.chooseQuickMessage(quick);
  await expect(send.counter).toHaveText(`${quick.length}/500`);
  await send.screenshot('messaging-send-message');
  await send.submit();
  await send.expectSent();
  await expect(toast(visitor, messageTexts.empty)).toHaveCount(0);
  await send.screenshot('messaging-message-success');
  // Its status page (issue 32): the owner's app is not open, so it is Sent, and it stays to be watched.
  await new MessageStatusPage(visitor).expectStep('Sent');

  // The owner's account has the message, from an anonymous visitor.
  const conversations = await (await page.request.get('/api/conversations')).json();
  expect(conversations).toEqual([
    expect.objectContaining({
      vehicleOneId: vehicle.id,
      vehicleTwo: { kind: 'anonymous', label: messageTexts.anonymousVisitor },
      lastMessage: quick,
      unreadCount: 1,
    }),
  ]);
  await visitorContext.close();
});

test('the content query parameter prefills the message; an owner who opens their own vehicle is told at once', async ({
  page,
  owner: _owner,
}) => {
  const send = new SendMessagePage(page);
  await page.goto(`/message/${SAMPLE_VEHICLE.id}?content=${encodeURIComponent('Hello there')}`);
  await expect(send.content).toHaveValue('Hello there');
  // One's own vehicle: no form to fill in and be refused (the server refuses it too, messaging.send.test.ts).
  const vehicle = await registerVehicle(page.request);
  await page.goto(`/message/${vehicle.id}?content=${encodeURIComponent('Hello there')}`);
  await expect(page.getByRole('note')).toHaveText(sendMessageTexts.ownTarget);
  await expect(send.content).toHaveCount(0);
  await expect(send.send).toHaveCount(0);
});

test('the owner pauses messages on Edit Vehicle; a visitor who writes is told so', async ({
  page,
  owner: _owner,
  browser,
  baseURL,
  viewport,
}) => {
  const vehicle = await registerVehicle(page.request);
  await page.goto(`/vehicle-edit/${vehicle.id}`);
  const setting = page.getByLabel('Who can message this vehicle');
  await expect(setting).toHaveValue('everyone');
  await setting.selectOption('nobody');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/vehicle-management$/);

  const visitorContext = await browser.newContext({ baseURL, viewport: viewport ?? undefined });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/message/${vehicle.id}`);
  const send = new SendMessagePage(visitor);
  await send.expectShown(vehicle.licensePlate);
  await send.chooseQuickMessage(DEFAULT_QUICK_MESSAGES[0]);
  await send.submit();
  await expect(toast(visitor, acceptanceTexts.paused)).toBeVisible();
  await expect(visitor).toHaveURL(/\/message\//);
  await visitorContext.close();
});

test("the owner's unread badge counts a new message live, without reload or polling", async ({
  page,
  owner: _owner,
  browser,
  baseURL,
}) => {
  const vehicle = await registerVehicle(page.request);
  await page.goto('/');
  const badge = page.getByTestId('unread-badge');
  await expect(badge).toHaveCount(0);
  const recent = page.getByRole('region', { name: 'Recent Conversations' });
  await expect(recent.getByText('No conversations yet')).toBeVisible();
  await expect(recent.getByRole('link', { name: 'View Conversations' })).toBeVisible();

  const visitorContext = await browser.newContext({ baseURL });
  for (let n = 1; n <= 2; n++) {
    const sent = await visitorContext.request.post('/api/messages/anonymous', {
      headers: originHeader(),
      data: { vehicleId: vehicle.id, content: `Message ${n}` },
    });
    expect(sent.status()).toBe(201);
    // Well inside the 30 s fallback poll: the socket brought it.
    await expect(badge).toHaveText(`${n} unread`, { timeout: 5_000 });
  }
  // Home's Recent conversations: the visitor's conversation, newest message, and the link to all.
  await page.reload();
  await expect(recent.getByRole('link', { name: /Anonymous visitor/ })).toContainText('Message 2');
  await expect(recent.getByRole('link', { name: 'View All Conversations' })).toBeVisible();
  // At 390 px the heading and the link are each whole, on one line (issue 31, point 10).
  for (const text of [
    recent.getByRole('heading'),
    recent.getByRole('link', { name: 'View All Conversations' }),
  ]) {
    const { clipped, lines } = await text.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      return { clipped: element.scrollWidth > element.clientWidth, lines: tops.size };
    });
    expect({ clipped, lines }).toEqual({ clipped: false, lines: 1 });
  }
  await saveScreen(page, 'messaging-home-recent-conversations');
  await visitorContext.close();
});

test('the owner opens Conversations, reads a visitor’s message, and it no longer counts as unread', async ({
  page,
  owner: _owner,
  browser,
  baseURL,
}) => {
  const vehicle = await registerVehicle(page.request);
  const visitorContext = await browser.newContext({ baseURL });
  const sent = await visitorContext.request.post('/api/messages/anonymous', {
    headers: originHeader(),
    data: { vehicleId: vehicle.id, content: 'Your window is open' },
  });
  expect(sent.status()).toBe(201);
  await visitorContext.close();

  await page.goto('/');
  await expect(page.getByTestId('unread-badge')).toHaveText('1 unread');
  await page.getByRole('link', { name: /Messages/ }).click();
  await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  const row = page.getByRole('button', { name: /Anonymous visitor/ });
  await expect(row).toContainText('Your window is open');
  await expect(row).toContainText('1 unread');
  await saveScreen(page, 'messaging-conversations');
  await row.click();
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Your window is open');
  // A visitor can be answered (issue 32): the composer, and the one-tap answers, are there.
  await expect(page.getByLabel('Reply')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Answer with one tap' })).toBeVisible();
  await saveScreen(page, 'messaging-chat');
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
});

test('menus: Delete message on one’s own messages only; either side’s chat menu blocks the other or deletes (0083)', async ({
  page,
  vehicle,
  sender,
}) => {
  const honda = await registerVehicle(sender.page.request, { make: 'Honda', model: 'Civic', year: '2019' });
  // Written as the sender's Honda (ADDENDUM §11: anonymous unless chosen).
  const sent = await sender.page.request.post('/api/messages/anonymous', {
    headers: originHeader(),
    data: { vehicleId: vehicle.id, content: 'Your lights are on', senderVehicleId: honda.id },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  // The sender's side can block the owner too (docs/decisions/0083).
  const senderScreen = new ConversationsPage(sender.page);
  await senderScreen.goto();
  await senderScreen.open(/2020 Toyota Camry/);
  await senderScreen.openConversationMenu();
  await expect(senderScreen.menu.getByRole('menuitem')).toHaveText(['Block sender', 'Delete conversation']);
  await sender.page.keyboard.press('Escape');
  await expect(senderScreen.menu).toBeHidden();
  await expect(senderScreen.conversationOptions).toBeFocused();

  // The owner's side: the sender's message has no menu (only Helpful / Not helpful, 0151); the owner's own
  // reply has one.
  const conversations = new ConversationsPage(page);
  await conversations.goto();
  await conversations.open(/2019 Honda Civic/);
  await expect(
    conversations.message('Your lights are on').getByRole('button', { name: 'Message options' }),
  ).toHaveCount(0);
  await conversations.sendReply('Thanks, on my way');
  await conversations.openMessageMenu('Thanks, on my way');
  await expect(conversations.menu.getByRole('menuitem')).toHaveText(['Delete message']);
  await conversations.screenshot('messaging-message-menu');
  await conversations.choose('Delete message');
  await conversations.confirm('Delete');
  await expect(conversations.message('Thanks, on my way')).toHaveCount(0);
  await expect(conversations.message('Your lights are on')).toBeVisible();

  await conversations.openConversationMenu();
  await expect(conversations.menu.getByRole('menuitem')).toHaveText([
    'Report abuse',
    'Block sender',
    'Delete conversation',
  ]);
  await conversations.screenshot('messaging-conversation-menu');
  await conversations.choose('Delete conversation');
  await conversations.confirm('Delete');
  await expect(toast(page, 'Conversation deleted')).toBeVisible();
  await expect(conversations.heading).toBeVisible();
  await expect(page.getByText('No conversations yet')).toBeVisible();

  // Deleting is one side's: the sender still has it, their own message with its menu.
  await senderScreen.goto();
  await senderScreen.open(/2020 Toyota Camry/);
  await expect(
    senderScreen.message('Your lights are on').getByRole('button', { name: 'Message options' }),
  ).toBeVisible();
});

test('Conversations asks a visitor to sign in', async ({ page }) => {
  await page.goto('/conversations');
  await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
});
