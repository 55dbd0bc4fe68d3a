import type { APIRequestContext } from '@playwright/test';
import { feedbackUiTexts } from '../src/client/features/messaging/feedback-texts.js';
import { feedbackTexts } from '../src/shared/messaging/feedback.contract.js';
import { messageTexts } from '../src/shared/messaging/messages.contract.js';
import { expectAccessible } from './fixtures/axe.js';
import { originHeader } from './fixtures/origin.js';
import { saveScreen, saveScreenInBothThemes } from './fixtures/screens.js';
import { expect, test } from './fixtures/vehicles.js';
import { BlockedUsersPage } from './pages/blocked-users-page.js';
import { ConversationsPage } from './pages/conversations-page.js';
import { toast } from './pages/toasts.js';

/** A signed-out visitor writes to the vehicle; answers the status of the send. */
async function visitorWrites(visitor: APIRequestContext, vehicleId: string, content: string) {
  const sent = await visitor.post('/api/messages/anonymous', {
    headers: originHeader(),
    data: { vehicleId, content },
  });
  return { status: sent.status(), body: await sent.json() };
}

test('the owner rates a message Helpful, then reports abuse from the conversation, and the sender is blocked', async ({
  page,
  vehicle,
  playwright,
  baseURL,
}) => {
  const visitor = await playwright.request.newContext({ baseURL });
  expect((await visitorWrites(visitor, vehicle.id, 'Your lights are on')).status).toBe(201);
  expect((await visitorWrites(visitor, vehicle.id, 'Pay me or your car gets scratched')).status).toBe(201);

  const chat = new ConversationsPage(page);
  await chat.goto();
  await chat.rowAbout(vehicle.licensePlate).click();
  const rating = (text: string) => chat.message(text).getByRole('group', { name: feedbackUiTexts.rateLabel });
  const helpful = rating('Your lights are on').getByRole('button', {
    name: feedbackUiTexts.helpful,
    exact: true,
  });
  await expect(helpful).toHaveAttribute('aria-pressed', 'false');
  await helpful.click();
  await expect(helpful).toHaveAttribute('aria-pressed', 'true');
  await expect(
    rating('Your lights are on').getByRole('button', { name: feedbackUiTexts.notHelpful }),
  ).toHaveAttribute('aria-pressed', 'false');
  await saveScreen(page, 'report-abuse-rated-helpful', { fullPage: false });
  // Kept by the server: the chat opened again shows it chosen.
  await page.reload();
  await expect(helpful).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'a chat with rated messages');

  await chat.openConversationMenu();
  await expect(chat.menu.getByRole('menuitem')).toHaveText([
    feedbackUiTexts.reportAbuse,
    'Block sender',
    'Delete conversation',
  ]);
  await chat.choose(feedbackUiTexts.reportAbuse);
  const dialog = page.getByRole('dialog', { name: 'Report abuse?' });
  await expect(dialog).toContainText('this also blocks the sender');
  await saveScreenInBothThemes(page, 'report-abuse-confirm');
  await chat.confirm('Report and block');

  await expect(toast(page, feedbackTexts.reported)).toBeVisible();
  await expect(chat.blockedNotice).toBeVisible();
  await expect(chat.reply).toHaveCount(0);
  await expect(chat.message('Pay me or your car gets scratched')).toContainText(feedbackUiTexts.reported);
  await expect(helpful).toHaveAttribute('aria-pressed', 'true');
  await saveScreen(page, 'report-abuse-reported', { fullPage: false });
  expect(await visitorWrites(visitor, vehicle.id, 'Again')).toEqual({
    status: 403,
    body: expect.objectContaining({ message: messageTexts.userBlocked }),
  });

  const blockedUsers = new BlockedUsersPage(page);
  await blockedUsers.goto();
  await expect(blockedUsers.entry('Anonymous sender')).toContainText(feedbackTexts.reportReason);
  await blockedUsers.screenshot('report-abuse-blocked-users');
  await visitor.dispose();
});
