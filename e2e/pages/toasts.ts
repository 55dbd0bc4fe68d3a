import type { Locator, Page } from '@playwright/test';

/**
 * A toast's text inside the notifications region. Radix also copies the text into a live region for screen
 * readers for a moment, so a page-wide getByText would find it twice.
 */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text);
}
