import { expect, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

export class HomePage {
  constructor(private readonly page: Page) {}

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

  screenshot(name = 'home') {
    return saveScreen(this.page, name);
  }
}
