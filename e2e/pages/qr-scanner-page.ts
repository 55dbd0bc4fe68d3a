import { expect, type Locator, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

/** Scan QR Code (/qr-scanner): the camera view, its status line, and the way out to the plate lookup. */
export class QrScannerPage {
  readonly status: Locator;
  readonly camera: Locator;

  constructor(private readonly page: Page) {
    this.status = page.getByRole('status').filter({ hasText: /\S/ });
    this.camera = page.getByLabel('Camera view');
  }

  /**
   * Holds the decoder (the Web Worker running jsQR) from loading until the returned function is called, so a
   * test can look at the scanner while the camera plays, before a code in view is read and the screen moves on.
   * Call before goto(). The returned function also checks the scanner did ask for its decoder.
   */
  async holdDecoder(): Promise<() => Promise<void>> {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let isRequested = false;
    await this.page.route(/qr-decoder\.worker[^/]*\.js$/, async (route) => {
      isRequested = true;
      await released;
      await route.continue();
    });
    return async () => {
      await expect.poll(() => isRequested, { message: 'the scanner asked for its decoder' }).toBe(true);
      release();
    };
  }

  async goto() {
    await this.page.goto('/qr-scanner');
    await expect(this.page.getByRole('heading', { name: 'Scan QR Code' })).toBeVisible();
    await expect(
      this.page.getByRole('link', { name: "Can't scan? Enter license plate instead" }),
    ).toBeVisible();
  }

  /** The camera plays: the video has frames and the screen says it is scanning. */
  async expectScanning() {
    await expect(this.status).toHaveText('Scanning for QR codes...');
    await expect(this.camera).toBeVisible();
    await expect
      .poll(() => this.camera.evaluate((video: HTMLVideoElement) => video.videoWidth), {
        message: 'the camera view shows frames',
      })
      .toBeGreaterThan(0);
  }

  screenshot(name = 'vehicles-qr-scanner') {
    return saveScreen(this.page, name);
  }
}
