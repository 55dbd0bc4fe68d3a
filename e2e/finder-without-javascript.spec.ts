import type { Browser, Page } from '@playwright/test';
import { DEFAULT_QUICK_MESSAGES, messageTexts } from '../src/shared/messaging/messages.contract.js';
import { englishLeftIn } from './fixtures/catalogues.js';
import { collectConsoleErrors } from './fixtures/test.js';
import { expect, test } from './fixtures/vehicles.js';
import { ConversationsPage } from './pages/conversations-page.js';
import { VehicleFoundPage } from './pages/vehicle-found-page.js';

/*
 * Issue 37 (docs/decisions/0168): the finder's path with JavaScript off. The server draws a QR link's
 * Vehicle found, Send Message and the sender's status page, and Send Message's form posts itself; the owner
 * (their own browser, JavaScript on) gets what was sent.
 */

/** A passer-by's phone whose browser runs no JavaScript: no cookies at all, in its language `locale`. */
async function aPhoneWithoutJavaScript(browser: Browser, baseURL: string | undefined, locale = 'en-US') {
  const context = await browser.newContext({
    baseURL,
    locale,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  return { context, page, errors: collectConsoleErrors(page) };
}

/** The form's post to /message/{id} that the next action makes, with the page it answers. */
function formPost(page: Page, vehicleId: string) {
  return page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === `/message/${encodeURIComponent(vehicleId)}`,
  );
}

/** The owner's open chat with the anonymous visitor shows `text`. */
async function expectOwnerHas(page: Page, text: string) {
  const owner = new ConversationsPage(page);
  await owner.goto();
  await owner.open(/Anonymous visitor/);
  await expect(owner.message(text)).toBeVisible();
}

test('without JavaScript a finder opens the QR link, follows Send Message, taps a quick message and lands on its status page; the owner has it', async ({
  page,
  vehicle,
  browser,
  baseURL,
}) => {
  const finder = await aPhoneWithoutJavaScript(browser, baseURL);
  const found = new VehicleFoundPage(finder.page);

  const opened = await finder.page.goto(`/vehicle/qr/${encodeURIComponent(vehicle.qrCode)}`);
  expect(opened?.status()).toBe(200);
  await found.expectShown(vehicle.licensePlate);
  const card = finder.page.getByRole('region', { name: 'Vehicle' });
  await expect(card).toContainText(vehicle.displayName ?? '');
  await expect(card).toContainText(vehicle.licensePlate);

  // The link is a plain link: the server draws Send Message too.
  await finder.page.getByRole('link', { name: 'Send Message' }).click();
  await expect(finder.page).toHaveURL(new RegExp(`/message/${vehicle.id}$`));
  await expect(finder.page.getByRole('heading', { name: 'Send Message' })).toBeVisible();
  await expect(finder.page.getByText(`License plate ${vehicle.licensePlate}`, { exact: true })).toBeVisible();

  // A quick message is a submit button of the form: the tap sends it, and the answer leads to /sent/{id}.
  const quick = DEFAULT_QUICK_MESSAGES[0];
  const quickButtons = finder.page.getByRole('group', { name: 'Quick messages' }).getByRole('button');
  await expect(quickButtons.first()).toHaveText(quick);
  const posted = formPost(finder.page, vehicle.id);
  await quickButtons.first().click();
  expect((await posted).status()).toBe(303);
  await expect(finder.page).toHaveURL(/\/sent\/[^/?#]+$/);
  await expect(finder.page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();
  await expect(finder.page.getByText(quick, { exact: true })).toBeVisible();

  await expectOwnerHas(page, quick);
  await finder.context.close();
  expect(finder.errors, "errors the finder's page wrote to its console").toEqual([]);
});

test('without JavaScript an empty message is refused on the page (400), and a typed one goes with Send', async ({
  page,
  vehicle,
  browser,
  baseURL,
}) => {
  const finder = await aPhoneWithoutJavaScript(browser, baseURL);
  await finder.page.goto(`/message/${encodeURIComponent(vehicle.id)}`);
  await expect(finder.page.getByRole('heading', { name: 'Send Message' })).toBeVisible();
  const content = finder.page.getByLabel('Your message');
  const send = finder.page.getByRole('button', { name: 'Send Message' });

  // Nothing typed: the server draws the form again, with its refusal, and the finder stays on it.
  const refused = formPost(finder.page, vehicle.id);
  await send.click();
  expect((await refused).status()).toBe(400);
  await expect(finder.page).toHaveURL(new RegExp(`/message/${vehicle.id}$`));
  await expect(finder.page.getByRole('alert').filter({ hasText: messageTexts.empty })).toBeVisible();
  await expect(content).toHaveValue('');

  // Typed on the refused form and sent with its button.
  const typed = 'Your boot is open, the shopping is getting wet';
  await content.fill(typed);
  const posted = formPost(finder.page, vehicle.id);
  await send.click();
  expect((await posted).status()).toBe(303);
  await expect(finder.page).toHaveURL(/\/sent\/[^/?#]+$/);
  await expect(finder.page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();
  await expect(finder.page.getByText(typed, { exact: true })).toBeVisible();

  await expectOwnerHas(page, typed);
  await finder.context.close();
  expect(finder.errors, "errors the finder's page wrote to its console").toEqual([]);
});

test('without JavaScript a browser asking for German gets the finder’s pages in German, and its quick message reaches the owner', async ({
  page,
  vehicle,
  browser,
  baseURL,
}) => {
  const locale = 'de-DE';
  const finder = await aPhoneWithoutJavaScript(browser, baseURL, locale);
  const shown = async () => (await finder.page.locator('body').textContent()) ?? '';

  await finder.page.goto(`/vehicle/qr/${encodeURIComponent(vehicle.qrCode)}`);
  await expect(finder.page.locator('html')).toHaveAttribute('lang', locale);
  await expect(finder.page.getByRole('heading', { name: 'Fahrzeug gefunden' })).toBeVisible();
  await expect(finder.page.getByText(vehicle.licensePlate).first()).toBeVisible();
  expect(englishLeftIn(await shown(), locale)).toEqual([]);

  await finder.page.getByRole('link', { name: 'Nachricht senden' }).click();
  await expect(finder.page).toHaveURL(new RegExp(`/message/${vehicle.id}$`));
  await expect(finder.page.getByRole('heading', { name: 'Nachricht senden' })).toBeVisible();
  await expect(finder.page.getByLabel('Ihre Nachricht')).toBeVisible();
  expect(englishLeftIn(await shown(), locale)).toEqual([]);

  // Nothing typed: refused in German.
  const refused = formPost(finder.page, vehicle.id);
  await finder.page.getByRole('button', { name: 'Nachricht senden' }).click();
  expect((await refused).status()).toBe(400);
  await expect(finder.page.getByRole('alert')).toHaveText('Bitte geben Sie eine Nachricht ein');
  expect(englishLeftIn(await shown(), locale)).toEqual([]);

  // "Your lights are on", as a German reader sees it.
  const quick = 'Ihr Licht ist an';
  const posted = formPost(finder.page, vehicle.id);
  await finder.page.getByRole('button', { name: quick, exact: true }).click();
  expect((await posted).status()).toBe(303);
  await expect(finder.page).toHaveURL(/\/sent\/[^/?#]+$/);
  await expect(finder.page.getByRole('heading', { name: 'Nachricht gesendet!' })).toBeVisible();
  await expect(finder.page.getByText(quick, { exact: true })).toBeVisible();
  expect(englishLeftIn(await shown(), locale)).toEqual([]);

  await expectOwnerHas(page, quick);
  await finder.context.close();
  expect(finder.errors, "errors the finder's page wrote to its console").toEqual([]);
});
