import type { Browser } from '@playwright/test';
import { formatShortCode } from '../src/shared/vehicles/sticker-code.js';
import { saveScreen } from './fixtures/screens.js';
import { expect, findVehicle, test } from './fixtures/vehicles.js';
import { HomePage } from './pages/home-page.js';
import { LicensePlatePage } from './pages/license-plate-page.js';
import { QrCodePage } from './pages/qr-code-page.js';
import { VehicleFoundPage } from './pages/vehicle-found-page.js';

/** A passer-by's phone: a browser of its own, signed out. */
async function passerBy(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  return { context, page: await context.newPage() };
}

const wordNote = (word: string) =>
  `This sticker should show the word ${word}. If it doesn't, don't trust it.`;

test('a sticker code opened as /c/{code} finds the vehicle, and its word shows in large type', async ({
  vehicle,
  browser,
  baseURL,
}) => {
  const visitor = await passerBy(browser, baseURL);
  const found = new VehicleFoundPage(visitor.page);
  for (const typed of [formatShortCode(vehicle.shortCode), vehicle.shortCode.toLowerCase()]) {
    await visitor.page.goto(`/c/${typed}`);
    await found.expectShown(vehicle.licensePlate);
    await expect(visitor.page.locator('p').filter({ hasText: 'This sticker should show' })).toHaveText(
      wordNote(vehicle.verificationWord),
    );
  }
  await found.screenshot('sticker-codes-vehicle-found');
  await visitor.context.close();
});

test('Find by License Plate takes a sticker code typed in lower case, with spaces or without the dash', async ({
  vehicle,
  browser,
  baseURL,
}) => {
  const visitor = await passerBy(browser, baseURL);
  const plates = new LicensePlatePage(visitor.page);
  const found = new VehicleFoundPage(visitor.page);
  const code = vehicle.shortCode;
  const field = visitor.page.getByLabel('Sticker code');
  const find = visitor.page.getByRole('button', { name: 'Find by Code' });
  for (const typed of [
    code.toLowerCase(),
    `${code.slice(0, 4).toLowerCase()} ${code.slice(4).toLowerCase()}`,
    formatShortCode(code),
  ]) {
    await plates.goto();
    await expect(visitor.page.getByRole('heading', { name: 'Have a sticker code?' })).toBeVisible();
    await field.fill(typed);
    if (typed === code.toLowerCase()) await plates.screenshot('sticker-codes-find-by-code');
    await find.click();
    await expect(visitor.page).toHaveURL(new RegExp(`/vehicle-found/${vehicle.id}$`));
    await found.expectShown(vehicle.licensePlate);
    await expect(visitor.page.getByText(vehicle.verificationWord, { exact: true })).toBeVisible();
  }

  // An unknown code and a malformed one are told like a plate that finds nothing.
  await plates.goto();
  await field.fill('ZZZZ-ZZZZ');
  await find.click();
  await expect(visitor.page.getByText('Vehicle Not Found', { exact: true })).toBeVisible();
  await expect(visitor.page).toHaveURL(/\/license-plate$/);
  await field.fill('ABC');
  await find.click();
  await expect(visitor.page.getByText('Invalid code', { exact: true })).toBeVisible();
  await visitor.context.close();
});

test('Replace sticker code: asked first, the QR Code screen shows the new code and word, the old code answers as unknown', async ({
  page,
  vehicle,
  browser,
  baseURL,
}) => {
  const visitor = await passerBy(browser, baseURL);
  const found = new VehicleFoundPage(visitor.page);
  // The passer-by found it by the old code first: this tab's memory must not keep the old code working.
  await visitor.page.goto(`/c/${vehicle.shortCode}`);
  await found.expectShown(vehicle.licensePlate);
  await visitor.page.getByRole('link', { name: 'Cancel' }).click();
  await expect(visitor.page).toHaveURL(/\/$/);

  const home = new HomePage(page);
  const qrCodePage = new QrCodePage(page);
  await home.goto();
  await home.openQrCode(vehicle.licensePlate);
  await qrCodePage.expectShown(vehicle.licensePlate);
  await expect(page.getByTestId('sticker-short-code')).toHaveText(formatShortCode(vehicle.shortCode));
  await expect(page.getByTestId('sticker-word')).toHaveText(vehicle.verificationWord);
  await saveScreen(page, 'sticker-codes-qr-code');

  await page.getByRole('button', { name: 'Replace sticker code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace sticker code?' });
  await expect(dialog).toContainText('Old stickers stop working at once');
  await saveScreen(page, 'sticker-codes-replace-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Replace' }).click();
  await expect(page.getByText('Sticker code replaced', { exact: true })).toBeVisible();
  await expect(page.getByTestId('sticker-short-code')).not.toHaveText(formatShortCode(vehicle.shortCode));
  const replaced = await findVehicle(page.request, vehicle.id);
  await expect(page.getByTestId('sticker-short-code')).toHaveText(formatShortCode(replaced.shortCode));
  await expect(page.getByTestId('sticker-word')).toHaveText(replaced.verificationWord);
  await expect(page.getByRole('img', { name: `QR code for ${vehicle.licensePlate}` })).toBeVisible();

  // The old code now leads where a code that never existed leads; the new one finds the vehicle.
  // First Back, within the tab that found it (no reload: what it holds in memory), then opened afresh.
  await visitor.page.goBack();
  await expect(visitor.page.getByText('Vehicle Not Found', { exact: true })).toBeVisible();
  for (const path of [`/c/${vehicle.shortCode}`, `/vehicle/qr/${vehicle.qrCode}`]) {
    await visitor.page.goto(path);
    await expect(visitor.page.getByText('Vehicle Not Found', { exact: true })).toBeVisible();
  }
  await visitor.page.goto(`/c/${replaced.shortCode}`);
  await found.expectShown(vehicle.licensePlate);
  await expect(visitor.page.getByText(replaced.verificationWord, { exact: true })).toBeVisible();
  await visitor.context.close();
});
