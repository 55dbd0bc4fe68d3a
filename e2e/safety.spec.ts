import type { APIRequestContext } from '@playwright/test';
import { messageTexts } from '../src/shared/messaging/messages.contract.js';
import { originHeader } from './fixtures/origin.js';
import { saveScreenInBothThemes } from './fixtures/screens.js';
import { expect, test } from './fixtures/vehicles.js';
import { ConversationsPage } from './pages/conversations-page.js';
import { toast, toastCard } from './pages/toasts.js';

/** The undo window of lib/undoable.ts, and a little more. */
const PAST_UNDO_MS = 6_500;

async function write(api: APIRequestContext, vehicleId: string, content: string) {
  return api.post('/api/messages/anonymous', { headers: originHeader(), data: { vehicleId, content } });
}

test('Delete message asks first, names what happens, and Undo on its toast brings the message back', async ({
  page,
  vehicle,
  sender,
}) => {
  const sent = await write(sender.page.request, vehicle.id, 'Your lights are on');
  expect(sent.status(), await sent.text()).toBe(201);
  // The page's own clock, so that the undo window passes without waiting for it.
  await page.clock.install();
  const chat = new ConversationsPage(page);
  await chat.goto();
  await chat.rowAbout(vehicle.licensePlate).click();
  await chat.sendReply('On my way');

  const dialog = page.getByRole('dialog', { name: 'Delete this message?' });
  await chat.openMessageMenu('On my way');
  await chat.choose('Delete message');
  await expect(dialog).toContainText('It disappears for both of you');
  await saveScreenInBothThemes(page, 'safety-confirm-delete-message');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(chat.message('On my way')).toBeVisible();

  // Deleted, then undone within the toast's seconds: it was never deleted on the server.
  await chat.openMessageMenu('On my way');
  await chat.choose('Delete message');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(chat.message('On my way')).toHaveCount(0);
  await toastCard(page, 'Message deleted').getByRole('button', { name: 'Undo' }).click();
  await expect(chat.message('On my way')).toBeVisible();
  await page.clock.runFor(PAST_UNDO_MS);
  await page.reload();
  await expect(chat.message('On my way')).toBeVisible();

  // Deleted and left alone: gone for the sender too once the seconds have passed.
  await chat.openMessageMenu('On my way');
  await chat.choose('Delete message');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(chat.message('On my way')).toHaveCount(0);
  await page.clock.runFor(PAST_UNDO_MS);
  await expect
    .poll(
      async () =>
        (await (await sender.page.request.get('/api/conversations')).json()).map(
          (conversation: { lastMessage: string }) => conversation.lastMessage,
        ),
      { timeout: 15_000 },
    )
    .toEqual(['Your lights are on']);
});

test('Block asks first; its toast offers Undo, which lets the sender write again', async ({
  page,
  vehicle,
  sender,
}) => {
  expect((await write(sender.page.request, vehicle.id, 'Nice car')).status()).toBe(201);
  const chat = new ConversationsPage(page);
  await chat.goto();
  await chat.rowAbout(vehicle.licensePlate).click();

  await chat.openConversationMenu();
  await chat.choose('Block sender');
  const dialog = page.getByRole('dialog', { name: 'Block this sender?' });
  await expect(dialog).toContainText("They can't message any of your vehicles anymore");
  await saveScreenInBothThemes(page, 'safety-confirm-block');
  await dialog.getByRole('button', { name: 'Block' }).click();
  const blocked = toastCard(page, 'Sender blocked');
  await expect(blocked).toBeVisible();
  await expect(chat.heading).toBeVisible();
  expect((await write(sender.page.request, vehicle.id, 'Again')).status()).toBe(403);

  await blocked.getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, 'Sender unblocked')).toBeVisible();
  expect((await write(sender.page.request, vehicle.id, 'Again')).status()).toBe(201);
});

test('a reply that fails keeps the typed text and says why', async ({ page, vehicle, sender }) => {
  const sent = await write(sender.page.request, vehicle.id, 'Your window is open');
  expect(sent.status(), await sent.text()).toBe(201);
  const { conversationId } = await sent.json();
  // The owner blocks the sender (through the API); the sender's reply is then refused.
  const block = await page.request.post('/api/block', { headers: originHeader(), data: { conversationId } });
  expect(block.status()).toBe(201);

  const chat = new ConversationsPage(sender.page);
  await sender.page.goto(`/conversations/${conversationId}`);
  await chat.reply.fill('Which window?');
  await sender.page.getByRole('button', { name: 'Send', exact: true }).click();
  const failed = toastCard(sender.page, 'Reply not sent');
  await expect(failed).toBeVisible();
  await expect(failed).toContainText(messageTexts.userBlocked);
  await expect(chat.reply).toHaveValue('Which window?');
});
