import { expect, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

export class NotFoundPage {
  constructor(private readonly page: Page) {}

  async goto(path: string) {
    await this.page.goto(path);
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(this.page.getByRole('link', { name: 'Go to Home' })).toBeVisible();
  }

  async goHome() {
    await this.page.getByRole('link', { name: 'Go to Home' }).click();
  }

  screenshot(name = 'not-found') {
    return saveScreen(this.page, name);
  }
}
