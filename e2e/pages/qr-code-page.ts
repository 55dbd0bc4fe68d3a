import { type Download, expect, type Locator, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

/** Your QR Code (/qr-code/{id}): the vehicle's code, Download, Print and Print sticker. */
export class QrCodePage {
  readonly download: Locator;

  constructor(private readonly page: Page) {
    this.download = page.getByRole('link', { name: 'Download' });
  }

  async expectShown(plate: string) {
    await expect(this.page).toHaveURL(/\/qr-code\/[^/]+$/);
    await expect(this.page.getByRole('heading', { name: 'Your QR Code' })).toBeVisible();
    await expect(this.page.getByRole('img', { name: `QR code for ${plate}` })).toBeVisible();
    await expect(this.page.getByText(`License: ${plate}`)).toBeVisible();
    await expect(this.download).toBeVisible();
    await expect(this.page.getByRole('button', { name: 'Print' })).toBeEnabled();
  }

  /** Clicks Download and answers the file the browser receives. */
  async downloadImage(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.download.click();
    return download;
  }

  /** Opens the print studio. */
  async openPrintSticker() {
    await this.page.getByRole('link', { name: 'Print sticker' }).click();
  }

  screenshot(name = 'vehicles-qr-code') {
    return saveScreen(this.page, name);
  }
}
