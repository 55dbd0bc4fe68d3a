import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { type StickerTemplate, type StickerTheme, stickerTexts } from '../../shared/vehicles/sticker.js';
import { formatShortCode } from '../../shared/vehicles/sticker-code.js';
import {
  pageLayout,
  QR_QUIET_ZONE,
  type StickerLayout,
  type TextSlot,
  THEME_COLOURS,
} from './sticker.layout.js';

/*
 * Draws a vehicle's sticker as a PDF (docs/decisions/0156-the-sticker-pdf.md) with PDFKit: the QR code as
 * vector squares from the `qrcode` package's module matrix, every word as real text in an embedded font
 * (DejaVu Sans Bold, subset), the cut marks as thin strokes. No bitmap anywhere, so it prints sharp at any
 * resolution.
 */

/** DejaVu Sans Bold (assets/fonts, Bitstream Vera licence): the same three folders up from src and dist. */
const FONT = fileURLToPath(new URL('../../../assets/fonts/DejaVuSans-Bold-Latin.ttf', import.meta.url));

/** Error correction Q (25% of the code can be lost): a windscreen sticker gets dirty, scratched and faded. */
const ERROR_CORRECTION = 'Q';

export interface StickerInput {
  /** The link the QR code encodes: the vehicle's page, as the QR Code screen encodes it. */
  vehicleUrl: string;
  /** The site's origin; its host is printed in large type for those who type instead of scanning. */
  origin: string;
  shortCode: string;
  verificationWord: string;
  template: StickerTemplate;
  theme: StickerTheme;
  /** The document's title (its metadata; not printed). */
  title: string;
}

export async function renderStickerPdf(input: StickerInput): Promise<Buffer> {
  const page = pageLayout(input.template);
  const doc = new PDFDocument({
    size: page.size,
    margin: 0,
    autoFirstPage: true,
    // The document's own font from the start: PDFKit loads no Helvetica it would not use.
    font: FONT,
    info: { Title: input.title, Creator: 'Vehicle Contact' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const modules = QRCode.create(input.vehicleUrl, { errorCorrectionLevel: ERROR_CORRECTION }).modules;
  for (const sticker of page.stickers) drawSticker(doc, sticker, modules, input);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

type QrModules = ReturnType<typeof QRCode.create>['modules'];

function drawSticker(
  doc: PDFKit.PDFDocument,
  layout: StickerLayout,
  modules: QrModules,
  input: StickerInput,
) {
  const colours = THEME_COLOURS[input.theme];
  if (colours.ground) {
    const { x, y, width, height } = layout.bleed;
    doc.rect(x, y, width, height).fill(colours.ground);
  }
  doc.save().lineWidth(0.4).strokeColor(colours.marks);
  for (const mark of layout.cutMarks)
    doc
      .moveTo(...mark.from)
      .lineTo(...mark.to)
      .stroke();
  doc.restore();

  const host = new URL(input.origin).host;
  writeLine(doc, host, layout, layout.origin, colours.ink);
  drawQr(doc, layout, modules, colours.modules);
  writeLine(doc, stickerTexts.scanOrType, layout, layout.line, colours.muted);
  writeLine(doc, formatShortCode(input.shortCode), layout, layout.code, colours.ink, 2);
  writeLine(doc, stickerTexts.wordLabel, layout, layout.wordLabel, colours.muted);
  writeLine(doc, input.verificationWord.toUpperCase(), layout, layout.word, colours.ink, 1.5);
}

/**
 * The QR code on its white square, quiet zone included: each row's runs of dark modules as one rectangle
 * (no hairline seams between neighbours), filled together.
 */
function drawQr(doc: PDFKit.PDFDocument, layout: StickerLayout, modules: QrModules, colour: string) {
  const { x, y, width } = layout.qr;
  doc.rect(x, y, width, width).fill('#ffffff');
  const count = modules.size;
  const unit = width / (count + 2 * QR_QUIET_ZONE);
  const left = x + QR_QUIET_ZONE * unit;
  const top = y + QR_QUIET_ZONE * unit;
  for (let row = 0; row < count; row++) {
    let column = 0;
    while (column < count) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < count && modules.get(row, column)) column++;
      doc.rect(left + start * unit, top + row * unit, (column - start) * unit, unit);
    }
  }
  doc.fill(colour);
}

/** One centred line of real text, as large as the slot allows and small enough to fit the column. */
function writeLine(
  doc: PDFKit.PDFDocument,
  text: string,
  layout: StickerLayout,
  slot: TextSlot,
  colour: string,
  characterSpacing = 0,
) {
  const { x, width } = layout.column;
  let size = slot.size;
  const measure = () =>
    doc.fontSize(size).widthOfString(text) + characterSpacing * Math.max(0, text.length - 1);
  while (size > slot.minSize && measure() > width) size -= 0.5;
  doc
    .fontSize(size)
    .fillColor(colour)
    .text(text, x, slot.top, { width, align: 'center', lineBreak: false, characterSpacing });
}
