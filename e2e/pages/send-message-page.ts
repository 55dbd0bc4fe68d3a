import { expect, type Locator, type Page } from '@playwright/test';
import { SEND_UNDO_MS } from '../../src/client/features/messaging/send-countdown.js';
import { saveScreen } from '../fixtures/screens.js';

/** Send Message (/message/{vehicleId}), its "Sending… Undo" countdown, and the screen that follows a send. */
export class SendMessagePage {
  readonly content: Locator;
  readonly counter: Locator;
  readonly send: Locator;
  /** "Sending… 5", counting down before the message goes (issue 32). */
  readonly countdown: Locator;
  readonly undo: Locator;

  constructor(private readonly page: Page) {
    this.content = page.getByLabel('Your message');
    this.counter = page.locator('#message-counter');
    this.send = page.getByRole('button', { name: 'Send Message' });
    this.countdown = page.getByRole('status').filter({ hasText: /^Sending… \d$/ });
    this.undo = page.getByRole('button', { name: 'Undo' });
  }

  async expectShown(plate: string) {
    await expect(this.page.getByRole('heading', { name: 'Send Message' })).toBeVisible();
    await expect(this.page.getByText(`License plate ${plate}`, { exact: true })).toBeVisible();
    await expect(this.content).toBeVisible();
    await this.takenOver();
  }

  /**
   * The page the server drew (docs/decisions/0168) has been taken over by the app: its form answers to the
   * app's handlers (the countdown, the toasts), as a person who lets the page settle finds it. Before that a
   * tap posts the form itself, as it does without JavaScript (e2e/finder-without-javascript.spec.ts).
   */
  async takenOver() {
    await this.page.waitForFunction(() => {
      const form = document.querySelector('form[action^="/message/"]');
      return form !== null && Object.keys(form).some((key) => key.startsWith('__reactProps'));
    });
  }

  async chooseQuickMessage(text: string) {
    await this.takenOver();
    await this.page.getByRole('button', { name: text }).click();
    await expect(this.content).toHaveValue(text);
  }

  /** Who the owner sees: "Send anonymously" (the default) or "Send as my …". */
  async sendAs(choice: string | RegExp) {
    const option = this.page.getByRole('radio', { name: choice });
    await option.check();
    await expect(option).toBeChecked();
  }

  /** Presses Send and waits, as the sender does, for the countdown to run out: the message is on its way. */
  async submit() {
    await this.takenOver();
    await this.send.click();
    await expect(this.countdown).toBeVisible();
    await expect(this.countdown).toBeHidden({ timeout: SEND_UNDO_MS + 5_000 });
  }

  /** A real vehicle's message went: its status page, /sent/{id}, in place of the form. Answers the id. */
  async expectSent(): Promise<string> {
    await expect(this.page).toHaveURL(/\/sent\/[^/?#]+$/, { timeout: SEND_UNDO_MS + 10_000 });
    await expect(this.page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();
    return decodeURIComponent(new URL(this.page.url()).pathname.split('/').pop() ?? '');
  }

  /** The sample vehicle's message "went": Message Success, which returns home by itself. */
  async expectSampleSent() {
    await expect(this.page).toHaveURL(/\/message-success\?sample=1$/, { timeout: SEND_UNDO_MS + 10_000 });
    await expect(this.page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();
  }

  screenshot(name: string) {
    return saveScreen(this.page, name);
  }
}
