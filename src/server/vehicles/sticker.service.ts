import { DEFAULT_LOCALE, type Locale } from '../../shared/i18n/locales.js';
import { qrCodeTarget } from '../../shared/vehicles/qr-target.js';
import { type StickerQuery, stickerTexts } from '../../shared/vehicles/sticker.js';
import { HttpError } from '../errors/http-error.js';
import { currentLocale, withLocale } from '../i18n.js';
import { renderStickerPdf } from './sticker.pdf.js';
import { stickerFileTexts } from './texts.js';
import type { VehiclesService } from './vehicles.service.js';

export interface StickerServiceDeps {
  vehicles: Pick<VehiclesService, 'get'>;
  /** The site's origin (APP_ORIGIN): what the QR code links to and the sticker prints. */
  appOrigin: string;
}

/**
 * The languages a sticker prints its fixed words in: those its Latin-only font draws (assets/fonts). A
 * sticker asked for in another (zh-CN) prints English ones (docs/decisions/0164).
 */
export const STICKER_LOCALES: readonly Locale[] = ['en-US', 'de-DE'];

/** The language a sticker asked for in `locale` prints its words in. */
export const stickerLocale = (locale: Locale): Locale =>
  STICKER_LOCALES.includes(locale) ? locale : DEFAULT_LOCALE;

/** A sticker's PDF and the name it downloads under. */
export interface StickerFile {
  fileName: string;
  pdf: Buffer;
}

/**
 * The owner's sticker for one of their vehicles (issue 34 point 3): another account's vehicle, or none, is
 * "Vehicle not found" (404), as every owner route answers; a removed vehicle's QR code leads nowhere, so
 * it is not printed (409) until the vehicle is reactivated.
 */
export function createStickerService({ vehicles, appOrigin }: StickerServiceDeps) {
  return {
    async render(
      ownerId: string,
      vehicleId: string,
      { template, theme }: StickerQuery,
    ): Promise<StickerFile> {
      const vehicle = await vehicles.get(ownerId, vehicleId);
      if (vehicle.isActive !== 1) throw new HttpError(409, stickerTexts.vehicleRemoved);
      // The owner asks in their app's language; the PDF's title (metadata, not printed) is in it too.
      const title = stickerFileTexts.title({ plate: vehicle.licensePlate });
      const pdf = await withLocale(stickerLocale(currentLocale()), () =>
        renderStickerPdf({
          vehicleUrl: qrCodeTarget(appOrigin, vehicle.qrCode),
          origin: appOrigin,
          shortCode: vehicle.shortCode,
          verificationWord: vehicle.verificationWord,
          template,
          theme,
          title,
        }),
      );
      return { fileName: stickerFileName(vehicle.licensePlate, template, theme), pdf };
    },
  };
}

export type StickerService = ReturnType<typeof createStickerService>;

/** "ABC-1234-sticker-a6-light.pdf": the plate (letters, digits and dashes only), the template and the theme. */
export function stickerFileName(licensePlate: string, template: string, theme: string): string {
  const plate = licensePlate
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^A-Za-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return `${plate ? `${plate}-` : ''}sticker-${template}-${theme}.pdf`;
}
