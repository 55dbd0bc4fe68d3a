import { expect, type Locator, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

export class VerificationPage {
  readonly resend: Locator;
  readonly heading: Locator;

  constructor(private readonly page: Page) {
    this.resend = page.getByRole('button', { name: 'Resend Verification Email' });
    this.heading = page.getByRole('heading', { name: 'Verify Your Email' });
  }

  async expectShown(email: string) {
    await expect(this.heading).toBeVisible();
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

  /**
   * Presses Back to Login and returns the request it made: the page itself navigates to /api/logout (spec §2
   * Overrides), a top-level navigation of the main frame, not a fetch.
   */
  async backToLogin() {
    const logout = this.page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/logout' && request.isNavigationRequest(),
    );
    await this.page.getByRole('button', { name: 'Back to Login' }).click();
    const request = await logout;
    expect(request.frame()).toBe(this.page.mainFrame());
    expect(request.method()).toBe('GET');
    return request;
  }

  screenshot(name = 'verify-email') {
    return saveScreen(this.page, name);
  }
}
