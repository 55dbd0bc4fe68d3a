import { expect, type Locator, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

export class SettingsPage {
  readonly darkMode: Locator;

  constructor(private readonly page: Page) {
    this.darkMode = page.getByRole('switch', { name: 'Dark mode' });
  }

  async goto() {
    await this.page.goto('/settings');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/settings$/);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(this.darkMode).toBeVisible();
  }

  screenshot(name = 'settings') {
    return saveScreen(this.page, name);
  }
}
