import type { Page } from '@playwright/test';
import { PREFERENCES_COOKIE } from '../src/client/lib/preferences.js';
import { DEFAULT_QUICK_MESSAGES } from '../src/shared/messaging/messages.contract.js';
import { PAGE_STATE_ELEMENT_ID } from '../src/shared/server-render.js';
import { aFindersPhone } from './fixtures/finders-phone.js';
import { messagesTo } from './fixtures/owner-messages.js';
import { expect, test } from './fixtures/vehicles.js';
import { MessageStatusPage } from './pages/message-status-page.js';
import { SendMessagePage } from './pages/send-message-page.js';
import { VehicleFoundPage } from './pages/vehicle-found-page.js';

/*
 * Issue 37 (docs/decisions/0168), JavaScript on: the finder's pages the server drew are taken over by the
 * client (hydrated), not drawn again, and the app's own path (the 5-second Undo, the status page) still works.
 * React reports a hydration mismatch as a console error, which fails the journey (the phones' error lists).
 */

type Marked = Window & { firstHeading?: Element; sameDocument?: boolean };

/**
 * Keeps the first <h1> as the HTML parser made it, on every document the page loads: taken over, the page
 * still shows that very element; drawn again (a mismatch, or a client render), it shows another.
 */
async function rememberFirstHeading(page: Page) {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const heading = document.querySelector('h1');
      if (!heading) return;
      (window as Marked).firstHeading = heading;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

/**
 * Waits until React owns the page's <h1> (it marks each element it hydrates or creates with its fiber), then
 * answers whether that is still the element the parser made.
 */
async function headingTakenOver(page: Page): Promise<boolean> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const heading = document.querySelector('h1');
        return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
      }),
    )
    .toBe(true);
  return page.evaluate(() => {
    const first = (window as Marked).firstHeading;
    return first !== undefined && document.querySelector('h1') === first;
  });
}

test('a QR link answers the vehicle in its HTML, the app takes the page over, and the usual path sends with Undo to the status page', async ({
  page,
  vehicle,
  browser,
  baseURL,
}) => {
  const finder = await aFindersPhone(browser, baseURL);
  await rememberFirstHeading(finder.page);
  const found = new VehicleFoundPage(finder.page);
  const send = new SendMessagePage(finder.page);
  // The page's sheet is inlined: taking over and the next screens' chunks never fetch it again (0169).
  const sheets: string[] = [];
  finder.page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.css')) sheets.push(request.url());
  });

  const response = await finder.page.goto(`/vehicle/qr/${encodeURIComponent(vehicle.qrCode)}`);
  expect(response?.status()).toBe(200);
  const html = (await response?.text()) ?? '';
  expect(html).toContain(vehicle.displayName ?? '');
  expect(html).toContain(vehicle.licensePlate);
  expect(html).toContain(`id="${PAGE_STATE_ELEMENT_ID}"`);
  await found.expectShown(vehicle.licensePlate);
  expect(await headingTakenOver(finder.page), 'the <h1> the server drew is the one shown').toBe(true);
  // The page's own effects ran: the vehicle is kept for the next screen.
  await expect.poll(() => found.keptVehicle()).toMatchObject({ id: vehicle.id });

  // Send Message opens in the same document: the app's router, not the server, draws it.
  await finder.page.evaluate(() => {
    (window as Marked).sameDocument = true;
  });
  await finder.page.getByRole('link', { name: 'Send Message' }).click();
  await expect(finder.page).toHaveURL(new RegExp(`/message/${vehicle.id}$`));
  await send.expectShown(vehicle.licensePlate);
  expect(await finder.page.evaluate(() => (window as Marked).sameDocument)).toBe(true);

  // A quick message fills the text box (no post), then Send counts down with Undo before it goes.
  const quick = 'Your lights are on';
  await send.chooseQuickMessage(quick);
  await expect(finder.page.getByRole('button', { name: quick })).toHaveAttribute('aria-pressed', 'true');
  await send.send.click();
  await expect(send.countdown).toBeVisible();
  await send.undo.click();
  await expect(send.content).toHaveValue(quick);
  await send.submit();
  const messageId = await send.expectSent();
  await expect(finder.page.getByText(quick, { exact: true })).toBeVisible();
  expect(await messagesTo(page.request, vehicle.id)).toEqual([quick]);

  expect(sheets, 'stylesheets fetched although the page inlines its own').toEqual([]);

  // The status page opened by its address is the server's too, and is taken over as well.
  const status = new MessageStatusPage(finder.page);
  await status.goto(messageId);
  await expect(finder.page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();
  await status.expectStep('Sent');
  expect(await headingTakenOver(finder.page), 'the status page’s <h1> is the server’s').toBe(true);

  await finder.context.close();
  expect(finder.errors, "errors the finder's page wrote to its console").toEqual([]);
});

test('Send Message opened by its address is taken over: a quick message fills the text box instead of posting', async ({
  page,
  vehicle,
  browser,
  baseURL,
}) => {
  const finder = await aFindersPhone(browser, baseURL);
  await rememberFirstHeading(finder.page);
  const send = new SendMessagePage(finder.page);
  const posts: string[] = [];
  finder.page.on('request', (request) => {
    if (request.method() === 'POST' && request.resourceType() === 'document') posts.push(request.url());
  });

  const response = await finder.page.goto(`/message/${encodeURIComponent(vehicle.id)}`);
  expect(await response?.text()).toContain(vehicle.licensePlate);
  await send.expectShown(vehicle.licensePlate);
  expect(await headingTakenOver(finder.page), 'the <h1> the server drew is the one shown').toBe(true);

  const quick = finder.page.getByRole('button', { name: 'Great parking job!' });
  await expect(quick).toHaveAttribute('aria-pressed', 'false');
  await quick.click();
  await expect(quick).toHaveAttribute('aria-pressed', 'true');
  await expect(send.content).toHaveValue('Great parking job!');
  await expect(finder.page).toHaveURL(new RegExp(`/message/${vehicle.id}$`));

  await send.content.fill('Your window is open');
  await expect(quick).toHaveAttribute('aria-pressed', 'false');
  await send.submit();
  await send.expectSent();
  expect(posts, 'the form never posted itself').toEqual([]);
  expect(await messagesTo(page.request, vehicle.id)).toEqual(['Your window is open']);

  await finder.context.close();
  expect(finder.errors, "errors the finder's page wrote to its console").toEqual([]);
});

test('each finder’s Send Message is drawn with their own quick messages, never those of the finder before', async ({
  vehicle,
  browser,
  baseURL,
}) => {
  // A finder who wrote quick messages of their own in Settings (kept in this browser's preferences cookie).
  const own = ['Call me on 0170 1234567', 'Your lights are on'];
  const first = await aFindersPhone(browser, baseURL);
  await first.context.addCookies([
    {
      name: PREFERENCES_COOKIE,
      value: encodeURIComponent(JSON.stringify({ quickMessages: own })),
      url: baseURL ?? '',
    },
  ]);
  await rememberFirstHeading(first.page);
  const drawnForFirst = await first.page.goto(`/message/${encodeURIComponent(vehicle.id)}`);
  expect(await drawnForFirst?.text()).toContain(own[0]);
  await expect(first.page.locator('button[name="quick"]')).toHaveText(own);
  expect(await headingTakenOver(first.page), 'the first finder’s page is taken over').toBe(true);

  // Then someone else, with the defaults: none of the first finder's words are in their page.
  const next = await aFindersPhone(browser, baseURL);
  await rememberFirstHeading(next.page);
  const drawnForNext = await next.page.goto(`/message/${encodeURIComponent(vehicle.id)}`);
  expect(await drawnForNext?.text()).not.toContain(own[0]);
  await expect(next.page.locator('button[name="quick"]')).toHaveText([...DEFAULT_QUICK_MESSAGES]);
  expect(await headingTakenOver(next.page), 'the next finder’s page is taken over').toBe(true);

  await first.context.close();
  await next.context.close();
  expect(first.errors, "errors the first finder's page wrote to its console").toEqual([]);
  expect(next.errors, "errors the next finder's page wrote to its console").toEqual([]);
});

test('a signed-in browser gets the app for a QR link, which draws Vehicle found itself', async ({
  page,
  vehicle,
}) => {
  const response = await page.goto(`/vehicle/qr/${encodeURIComponent(vehicle.qrCode)}`);
  expect(response?.status()).toBe(200);
  const html = (await response?.text()) ?? '';
  expect(html).not.toContain(`id="${PAGE_STATE_ELEMENT_ID}"`);
  expect(html).not.toContain(vehicle.licensePlate);
  await expect(page.getByRole('heading', { name: 'Vehicle Found' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Vehicle' })
      .getByText(`License plate ${vehicle.licensePlate}`, { exact: true }),
  ).toBeVisible();
});
