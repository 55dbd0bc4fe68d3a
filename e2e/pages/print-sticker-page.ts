import { type Download, expect, type Locator, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

/** Print sticker (/print-sticker/{id}): the templates, the themes, a preview and Download PDF. */
export class PrintStickerPage {
  readonly downloadPdf: Locator;

  constructor(private readonly page: Page) {
    this.downloadPdf = page.getByRole('link', { name: 'Download PDF' });
  }

  async expectShown(plate: string) {
    await expect(this.page).toHaveURL(/\/print-sticker\/[^/]+$/);
    await expect(this.page.getByRole('heading', { name: 'Print sticker' })).toBeVisible();
    await expect(this.page.getByText(`License: ${plate}`)).toBeVisible();
    await expect(this.page.getByRole('radio', { name: 'A6 sticker' })).toBeChecked();
    await expect(this.page.getByRole('radio', { name: 'Light' })).toBeChecked();
    await expect(this.downloadPdf).toBeVisible();
  }

  async choose(template: 'A6 sticker' | 'A4 sheet of four', theme: 'Light' | 'Dark') {
    await this.page.getByRole('radio', { name: template }).check();
    await this.page.getByRole('radio', { name: theme }).check();
    await expect(this.page.getByRole('radio', { name: template })).toBeChecked();
    await expect(this.page.getByRole('radio', { name: theme })).toBeChecked();
  }

  /** Waits for the preview's QR code (drawn in the browser) to be there. */
  async expectPreview() {
    const figure = this.page.getByRole('figure', { name: 'Preview of the sticker' });
    await expect(figure.locator('img').first()).toBeVisible();
  }

  /** Clicks Download PDF and answers the file the browser receives. */
  async download(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.downloadPdf.click();
    return download;
  }

  screenshot(name = 'vehicles-print-sticker') {
    return saveScreen(this.page, name);
  }
}
