import type { Page } from '@playwright/test';
import { acceptanceTexts } from '../src/shared/vehicles/acceptance.js';
import type { Vehicle } from '../src/shared/vehicles/index.js';
import { createVerifiedAccount } from './fixtures/accounts.js';
import { originHeader } from './fixtures/origin.js';
import { deleteMailsTo } from './fixtures/outbox.js';
import { saveScreenInBothThemes } from './fixtures/screens.js';
import { expect, test } from './fixtures/vehicles.js';
import { AuthPage } from './pages/auth-page.js';
import { LicensePlatePage } from './pages/license-plate-page.js';
import { VehicleFoundPage } from './pages/vehicle-found-page.js';

/** The owner's setting of who may write, changed through the API as Edit Vehicle does. */
async function setAcceptance(owner: Page, vehicle: Vehicle, acceptMessagesFrom: string) {
  const { make, model, year, licensePlate, color, displayName } = vehicle;
  const edited = await owner.request.patch(`/api/vehicles/${vehicle.id}`, {
    headers: originHeader(),
    data: { make, model, year, licensePlate, color, displayName, acceptMessagesFrom },
  });
  expect(edited.status(), await edited.text()).toBe(200);
}

test('the landing page leads a passer-by with Scan a QR Code and Enter a License Plate, before the owner pitch', async ({
  browser,
  baseURL,
}) => {
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto('/');
  const scan = visitor.getByRole('link', { name: 'Scan a QR Code' });
  const plate = visitor.getByRole('link', { name: 'Enter a License Plate' });
  const getStarted = visitor.getByRole('link', { name: 'Get Started Free' });
  // First on the screen, above the fold at phone size, and before the owner's buttons.
  await expect(scan).toBeInViewport();
  await expect(plate).toBeInViewport();
  const [scanBox, getStartedBox] = [await scan.boundingBox(), await getStarted.boundingBox()];
  expect(scanBox?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(getStartedBox?.y ?? 0);
  await saveScreenInBothThemes(visitor, 'landing-finder-first');

  await plate.click();
  await expect(visitor).toHaveURL(/\/license-plate$/);
  await visitor.goBack();
  await scan.click();
  await expect(visitor).toHaveURL(/\/qr-scanner$/);
  await visitor.context().close();
});

test('Vehicle found says at once that the owner takes messages only from verified accounts; signing in returns to the vehicle', async ({
  page,
  vehicle,
  browser,
  baseURL,
}) => {
  await setAcceptance(page, vehicle, 'verified');
  const context = await browser.newContext({ baseURL });
  const finderAccount = await createVerifiedAccount(
    await (await browser.newContext({ baseURL })).request,
    'finder',
  );
  const finder = await context.newPage();
  const lookup = new LicensePlatePage(finder);
  await lookup.goto();
  await lookup.search(vehicle.licensePlate);
  const found = new VehicleFoundPage(finder);
  await found.expectShown(vehicle.licensePlate, { canWrite: false });

  await expect(finder.getByRole('note')).toHaveText(acceptanceTexts.verifiedOnly);
  // Not "you can send a message without an account": here one cannot.
  await expect(found.replyPrompt).toBeHidden();
  await saveScreenInBothThemes(finder, 'vehicle-found-verified-only');

  await finder.getByRole('link', { name: 'Sign In to Write' }).click();
  await expect(finder).toHaveURL(/\/auth\?mode=login&next=/);
  await new AuthPage(finder).login(finderAccount);
  // Back on the same vehicle, signed in: now it can be written to.
  await expect(finder).toHaveURL(new RegExp(`/vehicle-found/${vehicle.id}$`));
  await found.expectShown(vehicle.licensePlate);
  await expect(finder.getByRole('note')).toHaveCount(0);

  // Paused: nobody may write, signed in or not, and the screen says so before anyone types.
  await setAcceptance(page, vehicle, 'nobody');
  await finder.reload();
  await found.expectShown(vehicle.licensePlate, { canWrite: false });
  await expect(finder.getByRole('note')).toHaveText(acceptanceTexts.paused);
  await saveScreenInBothThemes(finder, 'vehicle-found-paused');
  await context.close();
  deleteMailsTo([finderAccount.email]);
});
