import { expect, type Locator, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

/** Conversations (/conversations): the list, and a chat with its menus. */
export class ConversationsPage {
  readonly heading: Locator;
  readonly messages: Locator;
  readonly reply: Locator;
  readonly conversationOptions: Locator;
  /** The open chat's header: the other side, and for an owner which of their vehicles was written to. */
  readonly chatHeader: Locator;
  /** The open menu (Radix renders one at a time). */
  readonly menu: Locator;
  /** What a blocked chat says in place of its composer, with Unblock. */
  readonly blockedNotice: Locator;
  /** The owner's one-tap answers above the composer (issue 32). */
  readonly answers: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Conversations', level: 1 });
    this.messages = page.getByRole('list', { name: 'Messages' });
    this.reply = page.getByLabel('Reply');
    this.conversationOptions = page.getByRole('button', { name: 'Conversation options' });
    this.menu = page.getByRole('menu');
    this.chatHeader = page.locator('main header');
    this.blockedNotice = page.getByRole('status').filter({ hasText: 'You blocked' });
    this.answers = page.getByRole('group', { name: 'Answer with one tap' });
  }

  async goto() {
    await this.page.goto('/conversations');
    await expect(this.heading).toBeVisible();
  }

  /** A conversation's row in the list, named by the other party ("2020 Toyota Camry", "Anonymous visitor"). */
  row(otherParty: string | RegExp): Locator {
    return this.page.getByRole('button', { name: otherParty });
  }

  /** A conversation's row in the owner's list, by the plate of the owner's vehicle it was written to. */
  rowAbout(ownPlate: string): Locator {
    return this.page
      .getByRole('listitem')
      .filter({ hasText: `to ${ownPlate}` })
      .getByRole('button');
  }

  /** The font weight of a row's first line (the other party's name): 700 and above reads bold. */
  nameWeight(row: Locator): Promise<number> {
    return row
      .locator('span span')
      .first()
      .evaluate((name) => Number(getComputedStyle(name).fontWeight));
  }

  async open(otherParty: string | RegExp) {
    await this.row(otherParty).click();
    await expect(this.messages).toBeVisible();
  }

  /** A message of the open chat, by its text. */
  message(text: string): Locator {
    return this.messages.getByRole('listitem').filter({ hasText: text });
  }

  /** One of the owner's one-tap answers, by its words ("On my way"). */
  answer(text: string): Locator {
    return this.answers.getByRole('button', { name: text, exact: true });
  }

  async openConversationMenu() {
    await this.conversationOptions.click();
    await expect(this.menu).toBeVisible();
  }

  async openMessageMenu(text: string) {
    await this.message(text).getByRole('button', { name: 'Message options' }).click();
    await expect(this.menu).toBeVisible();
  }

  async choose(item: string) {
    await this.menu.getByRole('menuitem', { name: item }).click();
    await expect(this.menu).toBeHidden();
  }

  /** Answers the question a destructive action asks first with its button ("Delete", "Block"). */
  async confirm(action: string) {
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('button', { name: action, exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  async sendReply(text: string) {
    await this.reply.fill(text);
    await this.page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(this.reply).toHaveValue('');
  }

  screenshot(name: string) {
    return saveScreen(this.page, name);
  }
}
