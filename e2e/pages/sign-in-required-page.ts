import { expect, type Page } from '@playwright/test';
import { saveScreenInBothThemes } from '../fixtures/screens.js';

/** Sign In Required: what a visitor sees on a screen that needs an account (spec §2 Vehicle Theme). */
export class SignInRequiredPage {
  constructor(private readonly page: Page) {}

  readonly signIn = () => this.page.getByRole('link', { name: 'Sign In' });

  async expectShown(line: string) {
    await expect(this.page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
    await expect(this.page.getByText(line, { exact: true })).toBeVisible();
    await expect(this.signIn()).toHaveAttribute('href', '/auth?mode=login');
    await expect(this.page).toHaveTitle(/^Sign In Required · /);
  }

  screenshotInBothThemes(name: string) {
    return saveScreenInBothThemes(this.page, name);
  }
}
