import { expect } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';
import { VehicleForm } from './vehicle-form.js';

/** Edit Vehicle (/vehicle-edit/{id}). */
export class EditVehiclePage extends VehicleForm {
  async expectShown(vehicle: { id: string; licensePlate: string }) {
    await expect(this.page).toHaveURL(new RegExp(`/vehicle-edit/${vehicle.id}$`));
    await expect(this.page.getByRole('heading', { name: 'Edit Vehicle' })).toBeVisible();
    await expect(this.licensePlate).toHaveValue(vehicle.licensePlate);
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save Changes' }).click();
  }

  screenshot(name = 'vehicles-edit-vehicle') {
    return saveScreen(this.page, name);
  }
}
