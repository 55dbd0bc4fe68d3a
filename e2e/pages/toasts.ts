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
