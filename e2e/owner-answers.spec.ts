import type { Page } from '@playwright/test';
import { OWNER_STATUS_CODES, ownerStatusTexts } from '../src/shared/messaging/status.contract.js';
import { originHeader } from './fixtures/origin.js';
import { collectConsoleErrors } from './fixtures/test.js';
import { expect, test } from './fixtures/vehicles.js';
import { ConversationsPage } from './pages/conversations-page.js';
import { SettingsPage } from './pages/settings-page.js';

/**
 * The owner's side of issue 32 (docs/decisions/0147-one-tap-answers.md): the one-tap answers in the chat,
 * replies to a visitor, and whether Seen is sent (Settings, read receipts).
 */

// Well inside every polling fallback: what arrives within this came over the realtime socket.
const LIVE_MS = 5_000;

/** What the sender's own page reads of a message's fate (GET /api/messages/{id}/status), with its cookie. */
function statusFrom(page: Page, messageId: string) {
  return page.evaluate(async (id) => {
    const response = await fetch(`/api/messages/${encodeURIComponent(id)}/status`);
    return response.json();
  }, messageId);
}

/** A message written from the page itself, as its Send Message screen does: its cookie is the visitor's. */
function writeFrom(page: Page, vehicleId: string, content: string) {
  return page.evaluate(
    async ({ vehicleId, content }) => {
      const response = await fetch('/api/messages/anonymous', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ vehicleId, content }),
      });
      return { status: response.status, body: await response.json() };
    },
    { vehicleId, content },
  );
}

test('the owner answers with one tap: the answer is marked with its time, stays after a reload, and reaches the sender’s open chat live', async ({
  page,
  vehicle,
  sender,
}) => {
  const sent = await sender.page.request.post('/api/messages/anonymous', {
    headers: originHeader(),
    data: { vehicleId: vehicle.id, content: 'Your car is blocking my driveway' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  // The sender has the chat open: nothing to answer with one tap on their side.
  const senderChat = new ConversationsPage(sender.page);
  await senderChat.goto();
  await senderChat.open(/2020 Toyota Camry/);
  await expect(senderChat.message('Your car is blocking my driveway')).toBeVisible();
  await expect(senderChat.answers).toHaveCount(0);

  // The owner opens it: the four answers, in their order and words, above the composer; none chosen.
  const owner = new ConversationsPage(page);
  await owner.goto();
  await owner.open(/Anonymous visitor/);
  await expect(owner.answers.getByRole('button')).toHaveText(
    OWNER_STATUS_CODES.map((code) => ownerStatusTexts[code]),
  );
  await expect(owner.answers.getByRole('button', { pressed: true })).toHaveCount(0);
  await expect(owner.reply).toBeVisible();

  await owner.answer('On my way').click();
  await expect(owner.answer('On my way')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('You answered “On my way” · now')).toBeVisible();
  await expect(sender.page.getByText('The owner: On my way · now')).toBeVisible({ timeout: LIVE_MS });
  await owner.screenshot('owner-answers-chat');
  await senderChat.screenshot('owner-answers-sender-chat');

  // Kept by the server: the chat opened again shows it answered.
  await page.reload();
  await expect(owner.answer('On my way')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('You answered “On my way” · now')).toBeVisible();

  // A later answer replaces it, on both sides.
  await owner.answer('Moved, thanks').click();
  await expect(owner.answer('Moved, thanks')).toHaveAttribute('aria-pressed', 'true');
  await expect(owner.answer('On my way')).toHaveAttribute('aria-pressed', 'false');
  await expect(sender.page.getByText('The owner: Moved, thanks · now')).toBeVisible({ timeout: LIVE_MS });
});

test('the owner replies to a visitor: a signed-out finder writes from their phone, the owner answers in the chat, and the finder reads both and writes back', async ({
  page,
  vehicle,
  browser,
  baseURL,
  viewport,
  isMobile,
  hasTouch,
}) => {
  const visitorContext = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
  const finder = await visitorContext.newPage();
  const finderErrors = collectConsoleErrors(finder);
  await finder.goto(`/vehicle-found/${vehicle.id}`);
  await expect(finder.getByRole('link', { name: 'Send Message' })).toBeVisible();
  const sent = await writeFrom(finder, vehicle.id, 'Your lights are on');
  expect(sent.status).toBe(201);

  // The owner answers in the chat: in words, and with one tap.
  const owner = new ConversationsPage(page);
  await owner.goto();
  await owner.open(/Anonymous visitor/);
  await expect(owner.message('Your lights are on')).toBeVisible();
  await expect(page.getByText(/can't receive/)).toHaveCount(0);
  await owner.sendReply('Thank you, coming now');
  await expect(owner.message('Thank you, coming now')).toBeVisible();
  await owner.answer("I'll be there in 5 minutes").click();
  await expect(page.getByText("You answered “I'll be there in 5 minutes” · now")).toBeVisible();

  // The finder's browser, and only it, reads the reply and the answer.
  await expect
    .poll(async () => {
      const status = await statusFrom(finder, sent.body.id);
      return {
        replies: status.replies?.map((reply: { content: string }) => reply.content),
        code: status.ownerStatus?.code,
      };
    })
    .toEqual({ replies: ['Thank you, coming now'], code: 'five_minutes' });

  // The finder writes back to the same vehicle: the same conversation, live in the owner's open chat.
  const back = await writeFrom(finder, vehicle.id, 'Great, I will wait by the car');
  expect(back.status).toBe(201);
  expect(back.body.conversationId).toBe(sent.body.conversationId);
  await expect(owner.message('Great, I will wait by the car')).toBeVisible({ timeout: LIVE_MS });
  await owner.screenshot('owner-answers-visitor-chat');

  await visitorContext.close();
  expect(finderErrors, "errors the finder's page wrote to its console").toEqual([]);
});

test('Send read receipts: on by default, saved when turned off, and still off after a reload', async ({
  page,
  owner: _owner,
}) => {
  const settings = new SettingsPage(page);
  await settings.goto();
  const receipts = page.getByRole('switch', { name: 'Send read receipts' });
  await expect(receipts).toHaveAttribute('aria-checked', 'true');
  await expect(receipts).toHaveAccessibleDescription(
    "Senders see when you've opened their message. Off: they see only that it was delivered.",
  );

  await receipts.click();
  await expect(receipts).toHaveAttribute('aria-checked', 'false');
  await expect
    .poll(async () => (await page.request.get('/api/messages/preferences')).json())
    .toEqual({ readReceipts: false });
  await settings.screenshot('settings-read-receipts-off');

  await page.reload();
  await settings.expectShown();
  await expect(receipts).toHaveAttribute('aria-checked', 'false');

  await receipts.click();
  await expect(receipts).toHaveAttribute('aria-checked', 'true');
  await expect
    .poll(async () => (await page.request.get('/api/messages/preferences')).json())
    .toEqual({ readReceipts: true });
});
