import fs from 'node:fs/promises';
import path from 'node:path';
import { cellOf, pdfText, pdfToPixels, pdfToPng, readQrCode } from '../src/server/test/sticker-pdf.js';
import { formatShortCode } from '../src/shared/vehicles/sticker-code.js';
import { expectAccessible } from './fixtures/axe.js';
import { expectTouchTargets } from './fixtures/touch-targets.js';
import { expect, findVehicle, test } from './fixtures/vehicles.js';
import { HomePage } from './pages/home-page.js';
import { PrintStickerPage } from './pages/print-sticker-page.js';
import { QrCodePage } from './pages/qr-code-page.js';

/** Where the journeys leave their pictures (e2e/fixtures/screens.ts). */
const screensDir = path.join('test-results', 'screens');

test('Print sticker from the QR Code screen: A4 dark downloads as a PDF of four stickers that scan to the vehicle', async ({
  page,
  vehicle,
  baseURL,
}, testInfo) => {
  const home = new HomePage(page);
  const qrCodePage = new QrCodePage(page);
  const studio = new PrintStickerPage(page);
  const plate = vehicle.licensePlate;

  await home.goto();
  await home.openQrCode(plate);
  await qrCodePage.expectShown(plate);
  await expectTouchTargets(page, 'Your QR Code, with Print sticker');
  await qrCodePage.openPrintSticker();
  await studio.expectShown(plate);
  await studio.expectPreview();
  await studio.screenshot('vehicles-print-sticker');
  await expectTouchTargets(page, 'Print sticker');
  await expectAccessible(page, 'Print sticker');

  await studio.choose('A4 sheet of four', 'Dark');
  await studio.expectPreview();
  await studio.screenshot('vehicles-print-sticker-a4-dark');
  const download = await studio.download();
  expect(download.suggestedFilename()).toBe(`${plate}-sticker-a4-dark.pdf`);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const pdf = await fs.readFile(file);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  const { qrCode, shortCode, verificationWord } = await findVehicle(page.request, vehicle.id);
  const page1 = await pdfToPixels(pdf, 100);
  const scanned = [0, 1].flatMap((row) =>
    [0, 1].map((column) => readQrCode(cellOf(page1, 2, 2, column, row))),
  );
  expect(scanned).toEqual(Array(4).fill(`${baseURL}/vehicle/qr/${qrCode}`));
  const text = await pdfText(pdf);
  expect(text).toContain(formatShortCode(shortCode));
  // The word is letter-spaced: pdftotext splits some words at a wide pair ("BUT TON"), so spaces are left out.
  expect(text.replace(/\s/g, '')).toContain(verificationWord.toUpperCase());

  // The A6 sticker, light, as pdftoppm prints it: the README's picture.
  await studio.choose('A6 sticker', 'Light');
  const a6 = await fs.readFile(await (await studio.download()).path());
  await fs.mkdir(screensDir, { recursive: true });
  await fs.writeFile(path.join(screensDir, 'sticker-a6-light.png'), await pdfToPng(a6, 110));
});
