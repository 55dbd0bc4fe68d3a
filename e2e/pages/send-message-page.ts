import { expect, type Locator, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

/** Send Message (/message/{vehicleId}) and the confirmation after it (/message-success). */
export class SendMessagePage {
  readonly content: Locator;
  readonly counter: Locator;
  readonly send: Locator;

  constructor(private readonly page: Page) {
    this.content = page.getByLabel('Your message');
    this.counter = page.locator('#message-counter');
    this.send = page.getByRole('button', { name: 'Send Message' });
  }

  async expectShown(plate: string) {
    await expect(this.page.getByRole('heading', { name: 'Send Message' })).toBeVisible();
    await expect(this.page.getByText(`License plate ${plate}`, { exact: true })).toBeVisible();
    await expect(this.content).toBeVisible();
  }

  async chooseQuickMessage(text: string) {
    await this.page.getByRole('button', { name: text }).click();
    await expect(this.content).toHaveValue(text);
  }

  /** Who the owner sees: "Send anonymously" (the default) or "Send as my …". */
  async sendAs(choice: string | RegExp) {
    const option = this.page.getByRole('radio', { name: choice });
    await option.check();
    await expect(option).toBeChecked();
  }

  async expectSent() {
    await expect(this.page).toHaveURL(/\/message-success$/);
    await expect(this.page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();
  }

  screenshot(name: string) {
    return saveScreen(this.page, name);
  }
}
