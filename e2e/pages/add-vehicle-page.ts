import { expect, type Locator, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';
import { VehicleForm } from './vehicle-form.js';

/** Add Vehicle (/vehicle-setup). */
export class AddVehiclePage extends VehicleForm {
  readonly register: Locator;

  constructor(page: Page) {
    super(page);
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

  async submit() {
    await this.register.click();
  }

  screenshot(name = 'vehicles-add-vehicle') {
    return saveScreen(this.page, name);
  }
}
