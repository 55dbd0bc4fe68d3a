import { expect, type Locator, type Page } from '@playwright/test';
import { saveScreen } from '../fixtures/screens.js';

/** Scan QR Code (/qr-scanner): the camera view, its status line, and the way out to the plate lookup. */
export class QrScannerPage {
  readonly status: Locator;
  readonly camera: Locator;
  readonly trySample: Locator;

  constructor(private readonly page: Page) {
    this.status = page.getByRole('status').filter({ hasText: /\S/ });
    this.camera = page.getByLabel('Camera view');
    this.trySample = page.getByRole('button', { name: 'Test with sample QR code' });
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

  /**
   * The camera refuses to start, as when the user denies camera access: one camera is listed and asking for it
   * fails with NotAllowedError. Call before goto().
   */
  async failCamera() {
    await this.page.addInitScript(() => {
      const media = navigator.mediaDevices;
      if (!media) return;
      media.enumerateDevices = async () =>
        [{ deviceId: '', groupId: '', kind: 'videoinput', label: '' }] as MediaDeviceInfo[];
      media.getUserMedia = async () => {
        throw new DOMException('Permission denied', 'NotAllowedError');
      };
    });
  }

  /** The camera failed: the problem is announced and the sample can be tried instead. */
  async expectCameraProblem(problem: string) {
    await expect(this.page.getByRole('alert').filter({ hasText: problem })).toBeVisible();
    await expect(this.trySample).toBeVisible();
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
