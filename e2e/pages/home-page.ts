import { expect, type Locator, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

export class HomePage {
  /** The My Vehicles block: the first 2 vehicles, Manage All, or the empty state. */
  readonly myVehicles: Locator;
  /** The line above "Need to reach a driver?". */
  readonly greeting: Locator;

  constructor(private readonly page: Page) {
    this.myVehicles = page.getByRole('region', { name: 'My Vehicles' });
    this.greeting = page.getByRole('region', { name: 'Need to reach a driver?' }).locator('p').first();
  }

  async goto() {
    await this.page.goto('/');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/$/);
    await expect(this.page.getByRole('link', { name: /Scan QR Code/ })).toBeVisible();
    await expect(this.page.getByRole('link', { name: /License Plate/ })).toBeVisible();
    await expect(this.page.getByRole('link', { name: 'Account' })).toBeVisible();
    await expect(this.page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  }

  async openProfile() {
    // After signing in, the toast covers the header (the avatar included) until it closes after 5 s; like the
    // user, the click waits for it.
    await this.page.getByRole('link', { name: 'Account' }).click();
  }

  /** A vehicle's row in My Vehicles, found by its "License: {plate}" line. */
  vehicleRow(plate: string): Locator {
    return this.myVehicles.getByRole('listitem').filter({ hasText: `License: ${plate}` });
  }

  /** The vehicle is listed under its name, with its plate line and its QR code link. */
  async expectVehicle(name: string, plate: string) {
    const row = this.vehicleRow(plate);
    await expect(row).toBeVisible();
    await expect(row.getByText(name, { exact: true })).toBeVisible();
    await expect(row.getByText(`License: ${plate}`, { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: `Show QR code for ${plate}` })).toBeVisible();
  }

  async openQrCode(plate: string) {
    await this.myVehicles.getByRole('link', { name: `Show QR code for ${plate}`, exact: true }).click();
  }

  screenshot(name = 'home') {
    return saveScreen(this.page, name);
  }
}
