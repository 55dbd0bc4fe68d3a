import { expect, type Locator, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

export class ProfilePage {
  readonly darkMode: Locator;

  constructor(private readonly page: Page) {
    this.darkMode = page.getByRole('switch', { name: 'Dark mode' });
  }

  async goto() {
    await this.page.goto('/profile');
    await this.expectShown();
  }

  async expectShown(email?: string) {
    await expect(this.page).toHaveURL(/\/profile$/);
    await expect(this.page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    if (email) await expect(this.page.getByText(email)).toBeVisible();
    await expect(this.darkMode).toBeVisible();
  }

  async signOut() {
    await this.page.getByRole('button', { name: 'Sign Out' }).click();
  }

  screenshot(name = 'profile') {
    return saveScreen(this.page, name);
  }
}
