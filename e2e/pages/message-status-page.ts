import { expect, type Locator, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

/** A sent message's status page (/sent/{id}): Sent → Delivered → Seen, the owner's answer, the replies. */
export class MessageStatusPage {
  readonly steps: Locator;
  readonly ownerAnswer: Locator;
  readonly replies: Locator;
  readonly answer: Locator;
  readonly send: Locator;
  readonly notifyAgain: Locator;

  constructor(private readonly page: Page) {
    this.steps = page.getByRole('list', { name: 'What became of your message' });
    this.ownerAnswer = page.getByTestId('owner-status');
    this.replies = page.getByRole('log', { name: 'Replies' });
    this.answer = page.getByLabel('Reply');
    this.send = page.getByRole('button', { name: 'Send', exact: true });
    this.notifyAgain = page.getByRole('button', { name: /^Notify again/ });
  }

  async goto(messageId: string) {
    await this.page.goto(`/sent/${encodeURIComponent(messageId)}`);
  }

  /** The step marked current: "Sent", "Delivered" or "Seen". */
  async expectStep(step: 'Sent' | 'Delivered' | 'Seen', options?: { timeout?: number }) {
    await expect(this.steps.locator('[aria-current="step"]')).toHaveText(new RegExp(`^${step}`), options);
  }

  reply(text: string): Locator {
    return this.replies.getByRole('listitem').filter({ hasText: text });
  }

  async sendAnswer(text: string) {
    await this.answer.fill(text);
    await this.send.click();
    await expect(this.answer).toHaveValue('');
  }

  async expectNotShown() {
    await expect(this.page.getByRole('heading', { name: "This message can't be shown here" })).toBeVisible();
    await expect(this.page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  }

  screenshot(name: string) {
    return saveScreen(this.page, name);
  }
}
