import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { APIRequestContext, Page } from '@playwright/test';
import { receivesTapAtCentre } from './fixtures/geometry.js';
import { originHeader } from './fixtures/origin.js';
import { saveScreen } from './fixtures/screens.js';
import { expect, test } from './fixtures/vehicles.js';
import { ConversationsPage } from './pages/conversations-page.js';
import { HomePage } from './pages/home-page.js';
import { QrCodePage } from './pages/qr-code-page.js';
import { SendMessagePage } from './pages/send-message-page.js';

// Issue 31, point 9 (docs/decisions/0142-offline-that-is-useful.md).
const OFFLINE_BANNER = "You're offline. Some features may not work.";
const SAVED_AT = /^Showing what was saved at \d{1,2}:\d{2}( [AP]M)?$/;
const WILL_SEND = "Will send when you're back online";

/** Waits until the app's service worker controls the page: the installed app then opens offline. */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The reads the browser keeps for offline use (IndexedDB), as their paths; [] when nothing is kept. */
function keptReads(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    // Opening a database that is not there would make it, empty.
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === 'vehicle-contact-offline')) return [];
    return new Promise<string[]>((resolve) => {
      const opening = indexedDB.open('vehicle-contact-offline');
      opening.onerror = () => resolve([]);
      opening.onsuccess = () => {
        const database = opening.result;
        const read = database.transaction('saved').objectStore('saved').get('current');
        read.onsuccess = () => {
          database.close();
          const saved = read.result as { entries: { queryKey: string[] }[] } | undefined;
          resolve(saved ? saved.entries.map((entry) => entry.queryKey.join('/')) : []);
        };
      };
    });
  });
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core on the page as it is: no violations, and no colour contrast left for review. */
async function expectNoAxeFindings(page: Page) {
  // Evaluated through DevTools: the app's Content Security Policy refuses an added script tag.
  await page.evaluate(fs.readFileSync(axePath, 'utf8'));
  const results = await page.evaluate(async () => {
    const run = await (
      window as unknown as {
        axe: { run: () => Promise<{ violations: { id: string }[]; incomplete: { id: string }[] }> };
      }
    ).axe.run();
    return {
      violations: run.violations.map((rule) => rule.id),
      incomplete: run.incomplete.map((rule) => rule.id),
    };
  });
  expect(results.violations).toEqual([]);
  expect(results.incomplete).not.toContain('color-contrast');
}

/** A signed-in sender writes to the owner's vehicle; answers the conversation's id. */
async function write(sender: APIRequestContext, vehicleId: string, content: string): Promise<string> {
  const sent = await sender.post('/api/messages/anonymous', {
    headers: originHeader(),
    data: { vehicleId, content },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return ((await sent.json()) as { conversationId: string }).conversationId;
}

/** The texts of a conversation's messages, as one side reads them from the API. */
async function messageTexts(api: APIRequestContext, conversationId: string): Promise<string[]> {
  const response = await api.get(`/api/conversations/${conversationId}/messages`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { content: string }[]).map((message) => message.content);
}

test('the installed app opened offline shows the vehicles, a QR code and the latest conversations, marked as saved earlier', async ({
  page,
  context,
  vehicle,
  sender,
}) => {
  const conversationId = await write(sender.page.request, vehicle.id, 'Your lights are on');
  const home = new HomePage(page);
  await home.goto();
  await expect(home.vehicleRow(vehicle.licensePlate)).toBeVisible();
  await expect(page.getByText('Your lights are on')).toBeVisible();
  await expect
    .poll(() => keptReads(page))
    .toEqual(expect.arrayContaining(['/api/vehicles', '/api/conversations']));
  // The chat read once online: its messages are kept too, with what was kept before.
  const chat = new ConversationsPage(page);
  await page.goto(`/conversations/${conversationId}`);
  await expect(chat.message('Your lights are on')).toBeVisible();
  await waitForServiceWorker(page);
  await expect
    .poll(() => keptReads(page))
    .toEqual(
      expect.arrayContaining([
        '/api/vehicles',
        '/api/conversations',
        `/api/conversations/${conversationId}/messages`,
      ]),
    );

  await context.setOffline(true);
  await page.goto('/');
  const banner = page.getByRole('status').filter({ hasText: OFFLINE_BANNER });
  await expect(banner).toBeVisible();
  await expect(banner.getByText(SAVED_AT)).toBeVisible();
  await home.expectShown();
  await expect(home.vehicleRow(vehicle.licensePlate)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent Conversations' })).toContainText(
    'Your lights are on',
  );
  await saveScreen(page, 'offline-saved-home');
  await expectNoAxeFindings(page);

  // The QR code is drawn in the browser from the vehicle's saved code.
  await home.vehicleRow(vehicle.licensePlate).getByRole('link', { name: /QR/ }).click();
  await new QrCodePage(page).expectShown(vehicle.licensePlate);
  await expect(banner.getByText(SAVED_AT)).toBeVisible();
  await saveScreen(page, 'offline-saved-qr-code');

  await page.goto('/vehicle-management');
  await expect(page.getByRole('region', { name: 'Active Vehicles' })).toContainText(vehicle.licensePlate);
  await saveScreen(page, 'offline-saved-my-vehicles');

  await page.goto('/conversations');
  await expect(chat.rowAbout(vehicle.licensePlate)).toContainText('Your lights are on');
  await saveScreen(page, 'offline-saved-conversations');
  await chat.rowAbout(vehicle.licensePlate).click();
  await expect(chat.message('Your lights are on')).toBeVisible();
  await saveScreen(page, 'offline-saved-chat');
  // The chat's header sticks under the banner, not behind it: its way back takes a tap, scrolled too.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await receivesTapAtCentre(page.getByRole('button', { name: 'Back to conversations' }))).toBe(true);

  // Back online, the pages read again and the mark goes with the banner.
  await context.setOffline(false);
  await expect(banner).toBeHidden();
  await page.goto('/');
  await expect(home.greeting).toHaveText(/^Hi, /);
});

test('a reply written offline waits in the chat, marked, and arrives once when the connection is back', async ({
  page,
  context,
  vehicle,
  sender,
}) => {
  const conversationId = await write(sender.page.request, vehicle.id, 'Is this your car?');
  const chat = new ConversationsPage(page);
  await page.goto(`/conversations/${conversationId}`);
  await expect(chat.message('Is this your car?')).toBeVisible();
  // The installed app: its chunks (the background agents' among them) come from the precache offline.
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await chat.reply.fill('Yes, coming in 5 minutes');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const waiting = chat.message('Yes, coming in 5 minutes');
  await expect(waiting).toContainText(WILL_SEND);
  await expect(chat.reply).toHaveValue('');
  await expect(waiting).toBeInViewport();
  await expect(page.getByText('Some features may not work until you reconnect')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/offline-reply-waiting.png', animations: 'disabled' });

  await context.setOffline(false);
  await expect(waiting).toBeVisible();
  await expect(waiting).not.toContainText(WILL_SEND);
  await expect(
    chat.messages.getByRole('listitem').filter({ hasText: 'Yes, coming in 5 minutes' }),
  ).toHaveCount(1);
  await expect
    .poll(async () =>
      (await messageTexts(sender.page.request, conversationId)).filter(
        (text) => text === 'Yes, coming in 5 minutes',
      ),
    )
    .toHaveLength(1);
  // On the other side, once.
  const theirs = new ConversationsPage(sender.page);
  await sender.page.goto(`/conversations/${conversationId}`);
  await expect(theirs.message('Yes, coming in 5 minutes')).toHaveCount(1);
  await saveScreen(sender.page, 'offline-reply-arrived');
});

test('Send Message written offline says it will send, and sends once when the connection is back', async ({
  page,
  vehicle,
  browser,
  baseURL,
}) => {
  const finder = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const finderPage = await finder.newPage();
  const send = new SendMessagePage(finderPage);
  await finderPage.goto(`/message/${vehicle.id}`);
  await send.expectShown(vehicle.licensePlate);
  await waitForServiceWorker(finderPage);

  await finder.setOffline(true);
  await send.content.fill('Your window is open and it is raining');
  await send.submit();
  await expect(finderPage.getByRole('status').filter({ hasText: WILL_SEND })).toBeVisible();
  await expect(send.content).toHaveValue('Your window is open and it is raining');
  await saveScreen(finderPage, 'offline-send-message-waiting');

  await finder.setOffline(false);
  await send.expectSent();
  const conversations = (await (await page.request.get('/api/conversations')).json()) as {
    id: string;
    vehicleOneId: string;
  }[];
  const conversation = conversations.find((item) => item.vehicleOneId === vehicle.id);
  expect(conversation).toBeDefined();
  expect(await messageTexts(page.request, conversation?.id ?? '')).toEqual([
    'Your window is open and it is raining',
  ]);
  await finder.close();
});
