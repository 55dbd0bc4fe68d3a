import { expect, type Locator, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

/** The Remove Vehicle? confirmation on My Vehicles. */
export class RemoveVehicleDialog {
  readonly dialog: Locator;

  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Remove Vehicle?' });
  }

  async confirm() {
    await this.dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(this.dialog).toBeHidden();
  }

  async cancel() {
    await this.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(this.dialog).toBeHidden();
  }
}

/** My Vehicles (/vehicle-management): the active list, Recently Removed, and each card's actions. */
export class MyVehiclesPage {
  readonly active: Locator;
  readonly removed: Locator;

  constructor(private readonly page: Page) {
    this.active = page.getByRole('region', { name: 'Active Vehicles' });
    this.removed = page.getByRole('region', { name: 'Recently Removed' });
  }

  async goto() {
    await this.page.goto('/vehicle-management');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/vehicle-management$/);
    await expect(this.page.getByRole('heading', { name: 'My Vehicles', level: 1 })).toBeVisible();
    await expect(this.page.getByRole('link', { name: 'Add Vehicle' })).toBeVisible();
  }

  /** A vehicle's card, named by the vehicle's name, in a list. */
  card(list: Locator, name: string): Locator {
    return list.getByRole('article', { name, exact: true });
  }

  async openRemoveDialog(plate: string): Promise<RemoveVehicleDialog> {
    await this.active.getByRole('button', { name: `Remove ${plate}`, exact: true }).click();
    const dialog = new RemoveVehicleDialog(this.page);
    await expect(dialog.dialog).toBeVisible();
    return dialog;
  }

  async reactivate(plate: string) {
    await this.removed.getByRole('button', { name: `Reactivate ${plate}`, exact: true }).click();
  }

  async openEdit(plate: string) {
    await this.active.getByRole('link', { name: `Edit ${plate}`, exact: true }).click();
  }

  async openTheme(plate: string) {
    await this.active.getByRole('link', { name: `Theme for ${plate}`, exact: true }).click();
  }

  screenshot(name = 'vehicles-my-vehicles') {
    return saveScreen(this.page, name);
  }
}
