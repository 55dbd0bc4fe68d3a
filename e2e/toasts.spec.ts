import { boxOf, overlaps, receivesTapAtCentre } from './fixtures/geometry.js';
import { saveScreen } from './fixtures/screens.js';
import { expect, listVehicles, test, uniquePlate } from './fixtures/vehicles.js';
import { AddVehiclePage } from './pages/add-vehicle-page.js';
import { HomePage } from './pages/home-page.js';
import { toastCard } from './pages/toasts.js';

/** Spec §9 Toasts: swipe right to dismiss, 50 px threshold. */
const SWIPE_THRESHOLD_PX = 50;

test('a validation toast on Add Vehicle shows at the top, off the Register Vehicle button, which can be pressed while it shows', async ({
  page,
  owner: _owner,
}) => {
  const addVehicle = new AddVehiclePage(page);
  const home = new HomePage(page);

  await addVehicle.goto();
  await addVehicle.fill({
    make: 'Honda',
    model: 'Civic',
    year: '2021',
    licensePlate: 'TEST123',
    color: 'Silver',
  });
  // The owner has scrolled to the end of the form, where the button is, and presses it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await addVehicle.submit();
  const error = toastCard(page, 'Please enter a real license plate number');
  await expect(error).toBeVisible();
  // It slides in from the top: measure it where it comes to rest, as the owner sees it.
  await expect.poll(async () => (await boxOf(error)).y).toBeGreaterThanOrEqual(0);
  let restingY = Number.NaN;
  await expect
    .poll(async () => {
      const y = (await boxOf(error)).y;
      const isResting = y === restingY;
      restingY = y;
      return isResting;
    })
    .toBe(true);

  const toastBox = await boxOf(error);
  const buttonBox = await boxOf(addVehicle.register);
  expect(overlaps(toastBox, buttonBox), 'the toast covers the Register Vehicle button').toBe(false);
  // At the top of the screen, whole.
  expect(toastBox.y).toBeGreaterThanOrEqual(0);
  expect(toastBox.y + toastBox.height).toBeLessThan((page.viewportSize()?.height ?? 0) / 2);
  expect(await receivesTapAtCentre(addVehicle.register)).toBe(true);
  await saveScreen(page, 'vehicles-add-vehicle-error-toast');

  // Pressed while the toast still shows: the corrected vehicle registers.
  const plate = uniquePlate('TST');
  await addVehicle.licensePlate.fill(plate);
  await expect(error).toBeVisible();
  await addVehicle.submit();
  await expect(toastCard(page, 'Vehicle Registered')).toBeVisible();
  await home.expectShown();
  expect((await listVehicles(page.request)).map((vehicle) => vehicle.licensePlate)).toEqual([plate]);
});

test('a toast stays after a short swipe to the right and goes after a swipe past 50 px', async ({
  page,
  owner: _owner,
}) => {
  const addVehicle = new AddVehiclePage(page);
  await addVehicle.goto();
  await addVehicle.submit();
  const error = toastCard(page, 'Please fill in all fields');
  await expect(error).toBeVisible();

  const swipeRight = async (distance: number) => {
    const { x, y, height } = await boxOf(error);
    const start = { x: x + 24, y: y + height / 2 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + distance, start.y, { steps: 8 });
    await page.mouse.up();
  };

  await swipeRight(SWIPE_THRESHOLD_PX - 20);
  await expect(error).toHaveAttribute('data-swipe', 'cancel');
  await expect(error).toBeVisible();
  await swipeRight(SWIPE_THRESHOLD_PX + 20);
  await expect(error).toHaveCount(0);
});
