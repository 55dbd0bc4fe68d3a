import { expect, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

export class ResetPasswordPage {
  constructor(private readonly page: Page) {}

  /** Opens the link from the mail. */
  async open(link: string) {
    await this.page.goto(link);
    await expect(this.page).toHaveURL(/\/reset-password\?token=/);
    await expect(this.page.getByLabel('New Password')).toBeVisible();
    await expect(this.page.getByLabel('Confirm Password')).toBeVisible();
  }

  async submit(newPassword: string, confirmation = newPassword) {
    await this.page.getByLabel('New Password').fill(newPassword);
    await this.page.getByLabel('Confirm Password').fill(confirmation);
    await this.page.getByRole('button', { name: 'Reset Password' }).click();
  }

  async expectComplete() {
    await expect(this.page.getByRole('heading', { name: 'Password Reset Complete' })).toBeVisible();
  }

  async continueToLogin() {
    await this.page.getByRole('link', { name: 'Continue to Login' }).click();
  }

  screenshot(name = 'reset-password') {
    return saveScreen(this.page, name);
  }
}
