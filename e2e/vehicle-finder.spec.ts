import fs from 'node:fs/promises';
import { SAMPLE_VEHICLE } from '../src/shared/vehicles/index.js';
import { readPng, readQrCode } from './fixtures/png.js';
import { saveScreenInBothThemes } from './fixtures/screens.js';
import { currentUser } from './fixtures/session.js';
import { expect, findVehicle, registerVehicle, test, uniquePlate } from './fixtures/vehicles.js';
import { writeImageVideo } from './fixtures/y4m.js';
import { HomePage } from './pages/home-page.js';
import { LicensePlatePage } from './pages/license-plate-page.js';
import { QrCodePage } from './pages/qr-code-page.js';
import { QrScannerPage } from './pages/qr-scanner-page.js';
import { closeToast, toast } from './pages/toasts.js';
import { VehicleFoundPage } from './pages/vehicle-found-page.js';

/** Spec §2 QR code: 256 px. */
const QR_IMAGE_SIDE = 256;

test("the QR code downloads as {plate}.png holding the vehicle's link, and a signed-out visitor's camera scanning it finds the vehicle", async ({
  page,
  vehicle,
  baseURL,
  openWithFakeCamera,
}, testInfo) => {
  const home = new HomePage(page);
  const qrCodePage = new QrCodePage(page);
  const plate = vehicle.licensePlate;

  await home.goto();
  await home.openQrCode(plate);
  await qrCodePage.expectShown(plate);
  await qrCodePage.screenshot('vehicles-qr-code');

  const download = await qrCodePage.downloadImage();
  expect(download.suggestedFilename()).toBe(`${plate}.png`);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const image = readPng(await fs.readFile(file));
  expect([image.width, image.height]).toEqual([QR_IMAGE_SIDE, QR_IMAGE_SIDE]);
  const { qrCode } = await findVehicle(page.request, vehicle.id);
  expect(readQrCode(image)).toBe(`${baseURL}/vehicle/qr/${qrCode}`);

  // Someone else, signed out, points a phone's camera at that very image.
  // 960x720 at one frame pixel per image pixel: on the phone's screen the code fits the scanner's frame.
  const video = await writeImageVideo(testInfo.outputPath('camera.y4m'), image, {
    width: 960,
    height: 720,
    scale: 1,
    frames: 5,
  });
  const visitor = await openWithFakeCamera(video);
  const scanner = new QrScannerPage(visitor);
  const found = new VehicleFoundPage(visitor);
  const releaseDecoder = await scanner.holdDecoder();
  await scanner.goto();
  expect(await currentUser(visitor)).toBeNull();
  await scanner.expectScanning();
  await scanner.screenshot('vehicles-qr-scanner');

  await releaseDecoder();
  await expect(visitor).toHaveURL(new RegExp(`/vehicle-found/${vehicle.id}$`));
  await found.expectShown(plate);
  expect(await found.keptVehicle()).toMatchObject({ id: vehicle.id, licensePlate: plate });
  await found.expectReplyPrompt();
  await found.screenshot('vehicles-vehicle-found-signed-out');
});

test('a plate typed in lower case with a space finds the vehicle; unknown and invalid plates are told apart', async ({
  page,
  owner: _owner,
}) => {
  const lookup = new LicensePlatePage(page);
  const found = new VehicleFoundPage(page);
  const plate = uniquePlate('ABC');
  const vehicle = await registerVehicle(page.request, { licensePlate: plate });

  await lookup.goto();
  await lookup.screenshot('vehicles-license-plate');

  await lookup.search('AB$12');
  await expect(toast(page, 'Invalid License Plate')).toBeVisible();
  await expect(
    toast(page, 'License plate can only contain letters, numbers, spaces, and hyphens'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/license-plate$/);

  // Never registered: uniquePlate hands each plate out once per run.
  await lookup.search(uniquePlate('QZX'));
  await expect(toast(page, 'Vehicle Not Found')).toBeVisible();
  await expect(
    toast(
      page,
      'This vehicle is not registered with the product. Make sure the license plate is exactly as it appears on the vehicle.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/license-plate$/);
  await lookup.screenshot('vehicles-license-plate-not-found');
  await closeToast(page, 'Vehicle Not Found');

  // "abc 1234" finds "ABC-1234": plates compare without case, spaces or hyphens.
  const typed = plate.toLowerCase().replace('-', ' ');
  await lookup.plate.fill(typed);
  await expect(lookup.plate).toHaveValue(typed.toUpperCase());
  await lookup.find.click();
  await expect(page).toHaveURL(new RegExp(`/vehicle-found/${vehicle.id}$`));
  await found.expectShown(plate);
  expect(await found.keptVehicle()).toMatchObject({ id: vehicle.id, licensePlate: plate });
  // Signed in, nobody is asked to create an account.
  await expect(found.replyPrompt).toBeHidden();
  await found.screenshot('vehicles-vehicle-found');
});

test('when the camera fails, Test with sample QR code opens the built-in sample vehicle, which says it is a sample', async ({
  page,
}) => {
  const scanner = new QrScannerPage(page);
  const found = new VehicleFoundPage(page);

  await scanner.failCamera();
  await scanner.goto();
  await scanner.expectCameraProblem('Failed to start camera. Please allow camera access.');
  await scanner.screenshot('finder-qr-scanner-camera-failed');

  await scanner.trySample.click();
  await expect(page).toHaveURL(new RegExp(`/vehicle-found/${SAMPLE_VEHICLE.id}$`));
  await found.expectShown(SAMPLE_VEHICLE.licensePlate);
  await expect(page.getByRole('region', { name: 'Vehicle' })).toContainText(SAMPLE_VEHICLE.displayName);
  await expect(found.sampleNotice).toBeVisible();
  await expect(found.anonymityPromise).toHaveCount(0);
  expect(await found.keptVehicle()).toMatchObject({ id: SAMPLE_VEHICLE.id });
  await found.screenshotInBothThemes('finder-vehicle-found-sample');
});

test('a vehicle that is not the sample shows no sample notice', async ({ page, vehicle }) => {
  const found = new VehicleFoundPage(page);
  await page.goto(`/vehicle-found/${vehicle.id}`);
  await found.expectShown(vehicle.licensePlate);
  await expect(found.sampleNotice).toHaveCount(0);
  await expect(found.anonymityPromise).toBeVisible();
});

test('/vehicle-found?qr={code} finds the vehicle like /vehicle/qr/{code}; an unknown code leads home with Vehicle Not Found', async ({
  page,
  vehicle,
}) => {
  const found = new VehicleFoundPage(page);
  const home = new HomePage(page);

  await page.goto(`/vehicle-found?qr=${encodeURIComponent(vehicle.qrCode)}`);
  await found.expectShown(vehicle.licensePlate);
  expect(await found.keptVehicle()).toMatchObject({ id: vehicle.id, licensePlate: vehicle.licensePlate });
  await found.screenshot('finder-vehicle-found-by-qr-query');

  const sentHome = page.waitForURL(/\/\?error=vehicle-not-found$/);
  await page.goto('/vehicle-found?qr=no-vehicle-has-this-code');
  await sentHome;
  await expect(toast(page, 'Vehicle Not Found')).toBeVisible();
  await expect(
    toast(page, 'This QR code is not registered with the product or the vehicle may be inactive.'),
  ).toBeVisible();
  await home.expectShown();
});

test('a QR link opened cold asks for its vehicle and the session before the page’s script has arrived, and asks once', async ({
  page,
  vehicle,
}) => {
  const found = new VehicleFoundPage(page);
  const lookups: string[] = [];
  const sessionReads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/vehicles/qr/')) lookups.push(pathname);
    if (pathname === '/api/auth/user') sessionReads.push(pathname);
  });
  // Vehicle found's chunk is held back, as on a slow network: the reads must not wait for it.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let chunkRequested = false;
  await page.route(/\/assets\/vehicle-found-[^/]*\.js$/, async (route) => {
    chunkRequested = true;
    await held;
    await route.continue();
  });

  await page.goto(`/vehicle/qr/${encodeURIComponent(vehicle.qrCode)}`, { waitUntil: 'domcontentloaded' });
  await expect.poll(() => chunkRequested).toBe(true);
  await expect.poll(() => lookups).toEqual([`/api/vehicles/qr/${vehicle.qrCode}`]);
  await expect.poll(() => sessionReads.length).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'Vehicle Found' })).toHaveCount(0);

  release();
  await found.expectShown(vehicle.licensePlate);
  // The page's own query found the answer already asked for: the same key, no second request.
  expect(lookups).toEqual([`/api/vehicles/qr/${vehicle.qrCode}`]);
});

test('a lookup that finds nothing is asked once: a QR link opened cold, a plate, a vehicle that is gone', async ({
  page,
}) => {
  const lookups: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/vehicles\/(qr|lookup|public)\//.test(pathname)) lookups.push(pathname);
  });
  const asked = (path: string) => lookups.filter((pathname) => pathname === path).length;

  // A sticker's link whose code no active vehicle has: the server looked it up when it was asked for the
  // page, and leads home to be told so; the page asks nothing (docs/decisions/0168; a browser with a session
  // gets the app, whose entry script's read is the page's read: 0140).
  const code = 'no-vehicle-has-this-code-either';
  await page.goto(`/vehicle/qr/${code}`);
  await expect(toast(page, 'Vehicle Not Found')).toBeVisible();
  await expect(page).toHaveURL(/\/(\?error=vehicle-not-found)?$/);
  await saveScreenInBothThemes(page, 'finder-qr-link-not-found');
  expect(asked(`/api/vehicles/qr/${code}`)).toBe(0);

  const otherCode = 'nor-this-one';
  await page.goto(`/vehicle-found?qr=${otherCode}`);
  await expect(toast(page, 'Vehicle Not Found')).toBeVisible();
  expect(asked(`/api/vehicles/qr/${otherCode}`)).toBe(0);

  const lookup = new LicensePlatePage(page);
  const plate = uniquePlate('QZX');
  await lookup.goto();
  await lookup.search(plate);
  await expect(toast(page, 'Vehicle Not Found')).toBeVisible();
  expect(asked(`/api/vehicles/lookup/${plate}`)).toBe(1);

  const goneId = '00000000-0000-4000-8000-000000000000';
  await page.goto(`/vehicle-found/${goneId}`);
  await expect(page.getByRole('link', { name: 'Go to Home' })).toBeVisible();
  expect(asked(`/api/vehicles/public/${goneId}`)).toBe(1);
});
