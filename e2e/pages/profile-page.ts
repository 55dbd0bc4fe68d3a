import { expect, type Locator, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

export class ProfilePage {
  readonly signOutButton: Locator;

  constructor(private readonly page: Page) {
    this.signOutButton = page.getByRole('button', { name: 'Sign Out' });
  }

  async goto() {
    await this.page.goto('/profile');
    await this.expectShown();
  }

  async expectShown(email?: string) {
    await expect(this.page).toHaveURL(/\/profile$/);
    await expect(this.page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    if (email) await expect(this.page.getByText(email)).toBeVisible();
    await expect(this.signOutButton).toBeVisible();
  }

  async signOut() {
    await this.signOutButton.click();
  }

  screenshot(name = 'profile') {
    return saveScreen(this.page, name);
  }
}
