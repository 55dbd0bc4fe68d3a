import { expect, type Locator, type Page } from '@playwright/test';
import { sampleVehicleTexts } from '../../src/shared/vehicles/index.js';
import { saveScreen, saveScreenInBothThemes } from '../fixtures/screens.js';

/** Vehicle Found (/vehicle-found/{id} and /vehicle/qr/{code}). */
export class VehicleFoundPage {
  readonly replyPrompt: Locator;
  /** The line saying the vehicle is the built-in sample, whose messages reach no one. */
  readonly sampleNotice: Locator;
  /** The line promising that a message reaches the owner anonymously; the sample's notice stands in its place. */
  readonly anonymityPromise: Locator;

  constructor(private readonly page: Page) {
    this.replyPrompt = page.getByText('Want a reply?');
    this.sampleNotice = page.getByRole('note').filter({ hasText: sampleVehicleTexts.notice });
    this.anonymityPromise = page.getByText(
      'Send the owner an anonymous message. They will not see who you are.',
    );
  }

  /** The vehicle's card; `canWrite: false` where the owner's setting keeps this finder from writing. */
  async expectShown(plate: string, { canWrite = true } = {}) {
    await expect(this.page.getByRole('heading', { name: 'Vehicle Found' })).toBeVisible();
    await expect(
      this.page.getByRole('region', { name: 'Vehicle' }).getByText(`License plate ${plate}`, { exact: true }),
    ).toBeVisible();
    await expect(this.page.getByRole('link', { name: 'Send Message' })).toHaveCount(canWrite ? 1 : 0);
    await expect(this.page.getByRole('link', { name: 'Cancel' })).toBeVisible();
  }

  /** Signed out: the card asking the visitor to create an account or sign in to get replies. */
  async expectReplyPrompt() {
    await expect(this.replyPrompt).toBeVisible();
    // Signing in or up from here returns to this screen (`next`).
    await expect(this.page.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      /^\/auth\?mode=register&next=%2F/,
    );
    await expect(this.page.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute(
      'href',
      /^\/auth\?mode=login&next=%2F/,
    );
  }

  /** What the screen kept in session storage for the next one. */
  async keptVehicle(): Promise<{ id: string; licensePlate: string } | null> {
    return this.page.evaluate(() => {
      const kept = window.sessionStorage.getItem('foundVehicle');
      return kept === null ? null : JSON.parse(kept);
    });
  }

  screenshot(name = 'vehicles-vehicle-found') {
    return saveScreen(this.page, name);
  }

  screenshotInBothThemes(name: string) {
    return saveScreenInBothThemes(this.page, name);
  }
}
