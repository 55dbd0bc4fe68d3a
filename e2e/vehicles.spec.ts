import { THEME_PRESETS, VEHICLE_TYPES } from '../src/shared/vehicles/index.js';
import { saveScreenInBothThemes } from './fixtures/screens.js';
import { expect, findVehicle, listVehicles, test, uniquePlate } from './fixtures/vehicles.js';
import { AddVehiclePage } from './pages/add-vehicle-page.js';
import { EditVehiclePage } from './pages/edit-vehicle-page.js';
import { HomePage } from './pages/home-page.js';
import { MyVehiclesPage } from './pages/my-vehicles-page.js';
import { toast } from './pages/toasts.js';
import { VehicleFoundPage } from './pages/vehicle-found-page.js';
import { VehicleThemePage } from './pages/vehicle-theme-page.js';

/** "#111827" → "rgb(17, 24, 39)", as getComputedStyle answers a colour. */
function rgb(hex: string): string {
  const [red, green, blue] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${red}, ${green}, ${blue})`;
}

const TESLA_MODELS = ['Model 3', 'Model Y', 'Model S', 'Model X', 'Cybertruck', 'Other / Not Listed'];
const HONDA_MODELS = [
  'Accord',
  'Civic',
  'CR-V',
  'HR-V',
  'Odyssey',
  'Passport',
  'Pilot',
  'Ridgeline',
  'Other / Not Listed',
];

test('an owner registers a vehicle on Add Vehicle: the model follows the make, a fake plate is refused, Home lists it', async ({
  page,
  owner: _owner,
}) => {
  const home = new HomePage(page);
  const addVehicle = new AddVehiclePage(page);
  const plate = uniquePlate('KXR');

  await home.goto();
  await expect(home.myVehicles.getByText('No vehicles registered')).toBeVisible();
  await home.myVehicles.getByRole('link', { name: 'Register Your First Vehicle' }).click();
  await addVehicle.expectShown();
  await expect(addVehicle.model).toBeDisabled();
  await expect(addVehicle.model.locator('option:checked')).toHaveText('Select make first');
  await expect(addVehicle.vehicleType.locator('option:checked')).toHaveText('Sedan');
  await addVehicle.screenshot('vehicles-add-vehicle');

  // The model list is the make's, and changing the make clears the chosen model (spec §4 Forms).
  await addVehicle.make.selectOption({ label: 'Tesla' });
  await expect(addVehicle.model).toBeEnabled();
  await expect(addVehicle.modelChoices()).toHaveText(['Select model', ...TESLA_MODELS]);
  await addVehicle.model.selectOption({ label: 'Model Y' });
  await expect(addVehicle.model).toHaveValue('Model Y');
  await addVehicle.make.selectOption({ label: 'Honda' });
  await expect(addVehicle.model).toHaveValue('');
  await expect(addVehicle.modelChoices()).toHaveText(['Select model', ...HONDA_MODELS]);

  // "Other / Not Listed" turns the model into a text box, and back.
  await addVehicle.model.selectOption({ label: 'Other / Not Listed' });
  await expect(addVehicle.typedModel).toBeVisible();
  await expect(addVehicle.typedModel).toHaveValue('');
  await page.getByRole('button', { name: 'Pick from the list instead' }).click();
  await expect(addVehicle.typedModel).toBeHidden();
  await expect(addVehicle.model).toHaveValue('');

  const entry = {
    make: 'Honda',
    model: 'Civic',
    year: '2021',
    licensePlate: 'TEST123',
    color: 'Silver',
    displayName: 'Blue Bird',
  };
  await addVehicle.fill(entry);
  await addVehicle.submit();
  await expect(toast(page, /^Error$/)).toBeVisible();
  await expect(toast(page, 'Please enter a real license plate number')).toBeVisible();
  await expect(page).toHaveURL(/\/vehicle-setup$/);
  await addVehicle.screenshot('vehicles-add-vehicle-error');
  expect(await listVehicles(page.request)).toEqual([]);

  // Typed in lower case, the plate reads upper case (spec §2 Add Vehicle).
  await addVehicle.licensePlate.fill(plate.toLowerCase());
  await expect(addVehicle.licensePlate).toHaveValue(plate);
  await addVehicle.submit();
  await expect(toast(page, 'Vehicle Registered')).toBeVisible();
  await home.expectShown();
  await home.expectVehicle(entry.displayName, plate);
  await home.screenshot('vehicles-home-with-vehicle');

  const [saved, ...others] = await listVehicles(page.request);
  expect(others).toEqual([]);
  expect(saved).toMatchObject({
    make: 'Honda',
    model: 'Civic',
    year: '2021',
    licensePlate: plate,
    color: 'silver',
    vehicleType: 'sedan',
    displayName: entry.displayName,
    isActive: true,
  });
});

test('a removed vehicle moves to Recently Removed and its QR link stops working until it is reactivated', async ({
  page,
  vehicle,
}) => {
  const myVehicles = new MyVehiclesPage(page);
  const found = new VehicleFoundPage(page);
  const plate = vehicle.licensePlate;
  const name = vehicle.displayName ?? '';
  const qrLink = `/vehicle/qr/${vehicle.qrCode}`;

  await myVehicles.goto();
  const activeCard = myVehicles.card(myVehicles.active, name);
  await expect(activeCard).toBeVisible();
  await expect(activeCard.getByText(`License: ${plate}`)).toBeVisible();
  for (const action of [`Show QR code for ${plate}`, `Theme for ${plate}`, `Edit ${plate}`]) {
    await expect(activeCard.getByRole('link', { name: action })).toBeVisible();
  }
  await expect(myVehicles.removed).toHaveCount(0);
  await myVehicles.screenshot('vehicles-my-vehicles');

  // Cancel keeps the vehicle.
  let dialog = await myVehicles.openRemoveDialog(plate);
  await expect(dialog.dialog).toContainText(`${name} (${plate})`);
  await myVehicles.screenshot('vehicles-remove-dialog');
  await dialog.cancel();
  await expect(activeCard).toBeVisible();

  dialog = await myVehicles.openRemoveDialog(plate);
  await dialog.confirm();
  await expect(toast(page, 'Vehicle Removed')).toBeVisible();
  const removedCard = myVehicles.card(myVehicles.removed, name);
  await expect(removedCard).toBeVisible();
  await expect(removedCard.getByText('Removed', { exact: true })).toBeVisible();
  await expect(removedCard.getByRole('button', { name: `Reactivate ${plate}` })).toBeVisible();
  await expect(myVehicles.active).toHaveCount(0);
  await expect(page.getByText('No vehicles registered')).toBeVisible();
  await myVehicles.screenshot('vehicles-my-vehicles-removed');

  // The sticker's link now leads Home with the spec's toast, and the address is cleaned afterwards.
  const sentHome = page.waitForURL(/\/\?error=vehicle-not-found$/, { timeout: 10_000 });
  await page.goto(qrLink);
  await sentHome;
  await expect(toast(page, 'Vehicle Not Found')).toBeVisible();
  await expect(
    toast(page, 'This QR code is not registered with the product or the vehicle may be inactive.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await myVehicles.goto();
  await myVehicles.reactivate(plate);
  await expect(toast(page, 'Vehicle Reactivated')).toBeVisible();
  await expect(activeCard).toBeVisible();
  await expect(myVehicles.removed).toHaveCount(0);

  // The same QR code works again (spec §4 Vehicle).
  await page.goto(qrLink);
  await found.expectShown(plate);
  await expect(page).toHaveURL(new RegExp(`${qrLink}$`));
});

test("choosing Sport repaints the preview; saving keeps it, also on the vehicle's public page", async ({
  page,
  vehicle,
}) => {
  const myVehicles = new MyVehiclesPage(page);
  const theme = new VehicleThemePage(page);
  const publicTheme = async () =>
    (await (await page.request.get(`/api/vehicles/public/${vehicle.id}`)).json()).themePreset;

  await myVehicles.goto();
  await myVehicles.openTheme(vehicle.licensePlate);
  await expect(page).toHaveURL(new RegExp(`/vehicle-theme/${vehicle.id}$`));
  await theme.expectShown();
  await expect(theme.preset('Default')).toBeChecked();
  await expect(theme.preview).toHaveCSS('background-color', rgb(THEME_PRESETS.default.backgroundColor));
  await theme.screenshot('vehicles-vehicle-theme');

  await theme.choose('Sport');
  await expect(theme.preset('Sport')).toBeChecked();
  await expect(theme.preset('Default')).not.toBeChecked();
  await expect(theme.preview).toHaveCSS('background-color', rgb(THEME_PRESETS.sport.backgroundColor));
  await theme.screenshot('vehicles-vehicle-theme-sport');
  // Choosing is a preview; only Save Theme keeps it.
  expect(await publicTheme()).toBe('default');

  await theme.save();
  await expect(toast(page, 'Theme Saved')).toBeVisible();
  await page.reload();
  await theme.expectShown();
  await expect(theme.preset('Sport')).toBeChecked();
  await expect(theme.preview).toHaveCSS('background-color', rgb(THEME_PRESETS.sport.backgroundColor));
  expect(await publicTheme()).toBe('sport');

  await theme.reset();
  await expect(toast(page, 'Theme Reset')).toBeVisible();
  await expect(theme.preset('Default')).toBeChecked();
  await expect(theme.preview).toHaveCSS('background-color', rgb(THEME_PRESETS.default.backgroundColor));
  expect(await publicTheme()).toBe('default');
});

test('editing the display name renames the vehicle on Home', async ({ page, vehicle }) => {
  const home = new HomePage(page);
  const myVehicles = new MyVehiclesPage(page);
  const edit = new EditVehiclePage(page);
  const plate = vehicle.licensePlate;
  const newName = 'Weekend Cruiser';

  await home.goto();
  await home.expectVehicle(vehicle.displayName ?? '', plate);
  await home.myVehicles.getByRole('link', { name: 'Manage All' }).click();
  await myVehicles.expectShown();
  await myVehicles.openEdit(plate);
  await edit.expectShown(vehicle);
  await expect(edit.make).toHaveValue(vehicle.make);
  await expect(edit.model).toHaveValue(vehicle.model);
  await expect(edit.year).toHaveValue(vehicle.year);
  await expect(edit.color).toHaveValue(vehicle.color);
  await expect(edit.displayName).toHaveValue(vehicle.displayName ?? '');
  await edit.screenshot('vehicles-edit-vehicle');

  await edit.displayName.fill(newName);
  await edit.save();
  await expect(toast(page, 'Vehicle Updated')).toBeVisible();
  await myVehicles.expectShown();
  await expect(myVehicles.card(myVehicles.active, newName)).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await home.expectShown();
  await home.expectVehicle(newName, plate);
  await expect(home.myVehicles.getByText(vehicle.displayName ?? '')).toHaveCount(0);
  expect(await findVehicle(page.request, vehicle.id)).toMatchObject({
    displayName: newName,
    licensePlate: plate,
    make: vehicle.make,
    model: vehicle.model,
  });
});

test('Edit Vehicle changes the vehicle type, offered as Add Vehicle offers it; My Vehicles and Vehicle found show it, after a reload too', async ({
  page,
  vehicle,
}) => {
  const myVehicles = new MyVehiclesPage(page);
  const edit = new EditVehiclePage(page);
  const found = new VehicleFoundPage(page);
  const plate = vehicle.licensePlate;
  const card = () => myVehicles.card(myVehicles.active, vehicle.displayName ?? '');

  await myVehicles.goto();
  await expect(card()).toContainText('Blue · Sedan');
  await myVehicles.openEdit(plate);
  await edit.expectShown(vehicle);
  await expect(edit.vehicleType.locator('option')).toHaveText(VEHICLE_TYPES.map(({ label }) => label));
  await expect(edit.vehicleType.locator('option:checked')).toHaveText('Sedan');

  await edit.vehicleType.selectOption({ label: 'Motorcycle' });
  await saveScreenInBothThemes(page, 'vehicles-edit-vehicle-type');
  await edit.save();
  await expect(toast(page, 'Vehicle Updated')).toBeVisible();
  await myVehicles.expectShown();
  await expect(card()).toContainText('Blue · Motorcycle');
  // Its icon follows the type (vehicle-type-icon.tsx: Motorbike).
  await expect(card().locator('svg.lucide-motorbike')).toHaveCount(1);

  await page.reload();
  await myVehicles.expectShown();
  await expect(card()).toContainText('Blue · Motorcycle');
  await myVehicles.screenshot('vehicles-my-vehicles-type-changed');
  await myVehicles.openEdit(plate);
  await edit.expectShown(vehicle);
  await expect(edit.vehicleType.locator('option:checked')).toHaveText('Motorcycle');
  expect(await findVehicle(page.request, vehicle.id)).toMatchObject({
    vehicleType: 'motorcycle',
    displayName: vehicle.displayName,
    licensePlate: plate,
  });

  await page.goto(`/vehicle-found/${vehicle.id}`);
  await found.expectShown(plate);
  await expect(page.getByRole('region', { name: 'Vehicle' }).getByRole('definition')).toContainText([
    'Blue',
    'Motorcycle',
  ]);
});
