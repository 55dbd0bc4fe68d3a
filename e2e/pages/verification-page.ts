import { expect, type Locator, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

export class VerificationPage {
  readonly resend: Locator;

  constructor(private readonly page: Page) {
    this.resend = page.getByRole('button', { name: 'Resend Verification Email' });
  }

  async expectShown(email: string) {
    await expect(this.page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
    await expect(this.page.getByText(email, { exact: true })).toBeVisible();
    await expect(this.page.getByRole('button', { name: "I've Verified - Refresh Page" })).toBeVisible();
    await expect(this.page.getByRole('button', { name: 'Back to Login' })).toBeVisible();
    // It replaces every screen, the navigation included.
    await expect(this.page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  }

  async resendEmail() {
    await this.resend.click();
    await expect(this.page.getByRole('button', { name: 'Email Sent' })).toBeDisabled();
  }

  async backToLogin() {
    await this.page.getByRole('button', { name: 'Back to Login' }).click();
  }

  screenshot(name = 'verify-email') {
    return saveScreen(this.page, name);
  }
}
