import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A toast's text inside the notifications region. Radix also copies the text into a live region for screen
 * readers for a moment, so a page-wide getByText would find it twice.
 */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text);
}

/** The shown toast (the whole card, its close button included) that holds this text. */
export function toastCard(page: Page, text: string | RegExp): Locator {
  return page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: text });
}

/** Closes the toast showing this text with its close button, as the user would, and waits for it to go. */
export async function closeToast(page: Page, text: string | RegExp): Promise<void> {
  const shown = toastCard(page, text);
  await shown.getByRole('button', { name: 'Close' }).click();
  await expect(shown).toHaveCount(0);
}

/** Closes every toast shown, as the user would, so that none covers the header under it. */
export async function closeAllToasts(page: Page): Promise<void> {
  const shown = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
  for (let left = await shown.count(); left > 0; left = await shown.count()) {
    await shown
      .first()
      .getByRole('button', { name: 'Close' })
      .click({ timeout: 2_000 })
      .catch(() => undefined); // gone by itself meanwhile
  }
}
