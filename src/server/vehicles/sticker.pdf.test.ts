import { describe, expect, it } from 'vitest';
import { STICKER_TEMPLATES, STICKER_THEMES } from '../../shared/vehicles/sticker.js';
import {
  cellOf,
  pdfFonts,
  pdfImageCount,
  pdfPageSize,
  pdfText,
  pdfToPixels,
  quietZoneIsLight,
  readQrCode,
} from '../test/sticker-pdf.js';
import { renderStickerPdf } from './sticker.pdf.js';
import { stickerFileName } from './sticker.service.js';

const input = {
  vehicleUrl: 'https://contact.example.org/vehicle/qr/h3Xw-8_kPq2Zr5TtY1aB9g',
  origin: 'https://contact.example.org',
  shortCode: 'K7M2P9QX',
  verificationWord: 'maple',
  title: 'Sticker for ABC-1234',
};

/** How many stickers each template puts on its page, in columns and rows. */
const GRID = { a6: [1, 1], a4: [2, 2] } as const;

describe('the sticker PDF', () => {
  describe.each(
    STICKER_TEMPLATES.flatMap((template) => STICKER_THEMES.map((theme) => ({ template, theme }))),
  )('$template, $theme', ({ template, theme }) => {
    it('prints, on each sticker, a QR code that scans to the vehicle’s link', async () => {
      const pdf = await renderStickerPdf({ ...input, template, theme });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const page = await pdfToPixels(pdf, 100);
      const [columns, rows] = GRID[template];
      const found = [];
      for (let row = 0; row < rows; row++)
        for (let column = 0; column < columns; column++)
          found.push(readQrCode(cellOf(page, columns, rows, column, row)));
      expect(found).toEqual(Array(columns * rows).fill(input.vehicleUrl));
    });

    it('draws the QR code as vectors, no bitmap, its quiet zone of 4 modules kept light', async () => {
      const pdf = await renderStickerPdf({ ...input, template, theme });
      expect(await pdfImageCount(pdf)).toBe(0);
      const [columns, rows] = GRID[template];
      const page = await pdfToPixels(pdf, 150);
      for (let row = 0; row < rows; row++)
        for (let column = 0; column < columns; column++)
          expect(quietZoneIsLight(cellOf(page, columns, rows, column, row), 3.5)).toBe(true);
    });

    it('writes the origin, the line, the short code and the word as real text in an embedded font', async () => {
      const pdf = await renderStickerPdf({ ...input, template, theme });
      const text = await pdfText(pdf);
      const count = (needle: string) => text.split(needle).length - 1;
      const stickers = GRID[template][0] * GRID[template][1];
      expect(count('contact.example.org')).toBe(stickers);
      expect(count('Scan or type the code to message the owner')).toBe(stickers);
      expect(count('K7M2-P9QX')).toBe(stickers);
      expect(count('MAPLE')).toBe(stickers);
      expect(await pdfFonts(pdf)).toEqual([
        { name: expect.stringMatching(/DejaVuSans-Bold$/), embedded: true },
      ]);
    });
  });

  it('is A6 alone and A4 for the sheet of four', async () => {
    const size = async (template: 'a6' | 'a4') =>
      pdfPageSize(await renderStickerPdf({ ...input, template, theme: 'light' }));
    // 105 x 148 mm and 210 x 297 mm, in points (72 to the inch).
    expect(await size('a6')).toMatch(/^297\.638 x 419\.528 pts/);
    expect(await size('a4')).toMatch(/^595\.276 x 841\.89 pts/);
  });
});

describe('stickerFileName', () => {
  it('names the download after the plate, the template and the theme', () => {
    expect(stickerFileName('ABC-1234', 'a6', 'light')).toBe('ABC-1234-sticker-a6-light.pdf');
    expect(stickerFileName(' ab 12 "x" ', 'a4', 'dark')).toBe('ab-12-x-sticker-a4-dark.pdf');
    expect(stickerFileName('--', 'a6', 'dark')).toBe('sticker-a6-dark.pdf');
  });
});
