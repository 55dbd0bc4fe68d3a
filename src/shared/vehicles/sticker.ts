import * as c from '../contract.js';
import { texts } from '../i18n/texts.js';

/*
 * The print studio (issue 34 point 3, docs/decisions/0156-the-sticker-pdf.md): the sticker's templates and
 * themes, the words printed on it, and GET /api/vehicles/{id}/sticker.pdf's query. The server draws the PDF
 * with these words and the print page shows them, so they are kept once, here.
 */

/** An A6 sticker alone, or an A4 sheet of four A6 stickers to cut apart. */
export const STICKER_TEMPLATES = ['a6', 'a4'] as const;
export type StickerTemplate = (typeof STICKER_TEMPLATES)[number];

/** Dark text on white, or white text on a dark ground (the QR code always dark on its own white square). */
export const STICKER_THEMES = ['light', 'dark'] as const;
export type StickerTheme = (typeof STICKER_THEMES)[number];

export const stickerTexts = texts('sticker', {
  scanOrType: 'Scan or type the code to message the owner',
  wordLabel: 'This sticker’s word',
  unknownTemplate: 'Please choose a sticker template: a6 or a4',
  unknownTheme: 'Please choose a sticker theme: light or dark',
  vehicleRemoved: 'Reactivate this vehicle before printing its sticker',
});

/** GET /api/vehicles/{id}/sticker.pdf?template=a6|a4&theme=light|dark; none given: a6, light. */
export const stickerQuerySchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody(
    { template: 'text', theme: 'text' },
    c.object({
      template: c.map(
        c.optional(c.withMessage(c.oneOf(STICKER_TEMPLATES), stickerTexts.unknownTemplate)),
        (value): StickerTemplate => value ?? 'a6',
      ),
      theme: c.map(
        c.optional(c.withMessage(c.oneOf(STICKER_THEMES), stickerTexts.unknownTheme)),
        (value): StickerTheme => value ?? 'light',
      ),
    }),
  ),
);
export type StickerQuery = c.Infer<typeof stickerQuerySchema>;

/** Where the owner's browser downloads a sticker. */
export function stickerPdfPath(vehicleId: string, { template, theme }: StickerQuery): string {
  return `/api/vehicles/${encodeURIComponent(vehicleId)}/sticker.pdf?template=${template}&theme=${theme}`;
}
