import { expect, type Locator, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

/** Blocked Users (/blocked-users): the blocked senders, each with Unblock, or the empty state. */
export class BlockedUsersPage {
  readonly list: Locator;
  readonly empty: Locator;

  constructor(private readonly page: Page) {
    this.list = page.getByRole('list', { name: 'Blocked users' });
    this.empty = page.getByRole('heading', { name: 'Nobody is blocked' });
  }

  async goto() {
    await this.page.goto('/blocked-users');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/blocked-users$/);
    await expect(this.page.getByRole('heading', { name: 'Blocked Users', level: 1 })).toBeVisible();
    await expect(this.page.getByRole('link', { name: 'Back to profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
  }

  /** A blocked user's row, named by its label ("2020 Toyota Camry", "Anonymous sender"). */
  entry(label: string): Locator {
    return this.list.getByRole('listitem', { name: label, exact: true });
  }

  async unblock(label: string) {
    await this.entry(label).getByRole('button', { name: 'Unblock' }).click();
  }

  screenshot(name: string) {
    return saveScreen(this.page, name);
  }
}
