import { expect, type Locator, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

export type ThemePresetName = 'Default' | 'Sport' | 'Luxury' | 'Eco';

/** Vehicle Theme (/vehicle-theme/{id}): the preset radios, the live preview, Reset and Save Theme. */
export class VehicleThemePage {
  readonly presets: Locator;
  readonly preview: Locator;

  constructor(private readonly page: Page) {
    this.presets = page.getByRole('group', { name: 'Theme Preset' });
    this.preview = page.getByTestId('theme-preview');
  }

  async goto(vehicleId: string) {
    await this.page.goto(`/vehicle-theme/${vehicleId}`);
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page.getByRole('heading', { name: 'Vehicle Theme' })).toBeVisible();
    await expect(this.presets).toBeVisible();
    await expect(this.preview).toBeVisible();
  }

  preset(name: ThemePresetName): Locator {
    return this.presets.getByRole('radio', { name, exact: true });
  }

  async choose(name: ThemePresetName) {
    await this.preset(name).check();
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save Theme' }).click();
  }

  async reset() {
    await this.page.getByRole('button', { name: 'Reset' }).click();
  }

  screenshot(name = 'vehicles-vehicle-theme') {
    return saveScreen(this.page, name);
  }
}
