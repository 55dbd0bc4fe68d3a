import { expect, type Locator, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';
import { type VehicleEntry, VehicleForm } from './vehicle-form.js';

/** Add Vehicle (/vehicle-setup). */
export class AddVehiclePage extends VehicleForm {
  readonly vehicleType: Locator;
  readonly register: Locator;

  constructor(page: Page) {
    super(page);
    this.vehicleType = page.getByRole('combobox', { name: 'Vehicle Type' });
    this.register = page.getByRole('button', { name: 'Register Vehicle' });
  }

  async goto() {
    await this.page.goto('/vehicle-setup');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/vehicle-setup$/);
    await expect(this.page.getByRole('heading', { name: 'Add Vehicle' })).toBeVisible();
    await expect(this.page.getByRole('link', { name: 'Back' })).toBeVisible();
    await expect(this.make).toBeVisible();
  }

  override async fill(vehicle: VehicleEntry) {
    await super.fill(vehicle);
    if (vehicle.vehicleType) await this.vehicleType.selectOption({ label: vehicle.vehicleType });
  }

  async submit() {
    await this.register.click();
  }

  screenshot(name = 'vehicles-add-vehicle') {
    return saveScreen(this.page, name);
  }
}
