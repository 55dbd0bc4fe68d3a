import { expect, type Locator, type Page } from '@playwright/test';

/** What the owner enters on Add Vehicle and Edit Vehicle; selects take option labels. */
export interface VehicleEntry {
  make: string;
  model: string;
  year: string;
  licensePlate: string;
  /** As the Color select shows it: "Silver". */
  color: string;
  displayName?: string;
  /** As the Vehicle Type select shows it: "SUV". */
  vehicleType?: string;
}

/** The fields Add Vehicle and Edit Vehicle share, by their labels. */
export class VehicleForm {
  readonly make: Locator;
  /** The model select; a text box with the same label once the model is typed. */
  readonly model: Locator;
  readonly typedModel: Locator;
  readonly year: Locator;
  readonly vehicleType: Locator;
  readonly licensePlate: Locator;
  readonly color: Locator;
  readonly displayName: Locator;

  constructor(protected readonly page: Page) {
    this.make = page.getByRole('combobox', { name: 'Make' });
    this.model = page.getByRole('combobox', { name: 'Model' });
    this.typedModel = page.getByRole('textbox', { name: 'Model' });
    this.year = page.getByRole('combobox', { name: 'Year' });
    this.vehicleType = page.getByRole('combobox', { name: 'Vehicle Type' });
    this.licensePlate = page.getByRole('textbox', { name: 'License Plate' });
    this.color = page.getByRole('combobox', { name: 'Color' });
    this.displayName = page.getByRole('textbox', { name: 'Display Name' });
  }

  /** The model select's choices, its "Select model" prompt first. */
  modelChoices(): Locator {
    return this.model.locator('option');
  }

  async fill(vehicle: VehicleEntry) {
    await this.make.selectOption({ label: vehicle.make });
    await expect(this.model).toBeEnabled();
    await this.model.selectOption({ label: vehicle.model });
    await this.year.selectOption({ label: vehicle.year });
    await this.licensePlate.fill(vehicle.licensePlate);
    await this.color.selectOption({ label: vehicle.color });
    await this.displayName.fill(vehicle.displayName ?? '');
    if (vehicle.vehicleType) await this.vehicleType.selectOption({ label: vehicle.vehicleType });
  }
}
