import { expect, type Locator, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

/** Find Vehicle (/license-plate). */
export class LicensePlatePage {
  readonly plate: Locator;
  readonly find: Locator;

  constructor(private readonly page: Page) {
    this.plate = page.getByLabel('License Plate Number');
    this.find = page.getByRole('button', { name: 'Find Vehicle' });
  }

  async goto() {
    await this.page.goto('/license-plate');
    await expect(this.page.getByRole('heading', { name: 'Find Vehicle' })).toBeVisible();
    await expect(this.plate).toBeVisible();
    await expect(this.page.getByRole('link', { name: 'Open QR Scanner' })).toBeVisible();
  }

  async search(plate: string) {
    await this.plate.fill(plate);
    await this.find.click();
  }

  screenshot(name = 'vehicles-license-plate') {
    return saveScreen(this.page, name);
  }
}
