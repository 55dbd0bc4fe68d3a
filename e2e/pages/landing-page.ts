import { expect, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

export class LandingPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/$/);
    await expect(this.page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
    await expect(this.page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(this.page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    await expect(this.page.getByRole('heading', { name: 'Common Situations' })).toBeVisible();
    await expect(this.page.getByRole('link', { name: 'Create Your Free Account' })).toBeVisible();
    await expect(this.page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  }

  async getStarted() {
    await this.page.getByRole('link', { name: 'Get Started Free' }).click();
  }

  async signIn() {
    await this.page.getByRole('link', { name: 'Sign In' }).click();
  }

  screenshot(name = 'landing') {
    return saveScreen(this.page, name);
  }
}
