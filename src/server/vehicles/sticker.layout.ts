import type { StickerTemplate, StickerTheme } from '../../shared/vehicles/sticker.js';

/*
 * The sticker's templates, measured (docs/decisions/0156-the-sticker-pdf.md): where each sticker sits on
 * its page, the cutting margin around it, and where the origin, the QR code, the line, the short code and
 * the word go inside it. Only numbers live here; sticker.pdf.ts draws them. Lengths are PDF points.
 */

/** One millimetre in PDF points (1 pt = 1/72 in). */
export const MM = 72 / 25.4;

/** A rectangle on the page, from its top left corner (PDFKit's y grows downwards). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A line of text: its box's top, its largest size, and the size it may shrink to to fit the width. */
export interface TextSlot {
  top: number;
  size: number;
  minSize: number;
}

export interface StickerLayout {
  /** The cut line: the sticker once trimmed. */
  trim: Box;
  /** The coloured ground of a dark sticker, a little past the cut line so a cut off by a hair shows no white. */
  bleed: Box;
  /** The text column (inside the trim, with its own padding). */
  column: { x: number; width: number };
  origin: TextSlot;
  /** The square holding the QR code and its quiet zone, white on both themes. */
  qr: Box;
  line: TextSlot;
  code: TextSlot;
  wordLabel: TextSlot;
  word: TextSlot;
  /** The cut marks: short strokes in the margin along each corner's two edges, clear of the sticker. */
  cutMarks: { from: [number, number]; to: [number, number] }[];
}

/** A6 (105 x 148 mm), portrait, as ISO 216 gives it. */
const A6 = { width: 105 * MM, height: 148 * MM };
/** A4 (210 x 297 mm): two columns and two rows of A6-sized cells, so four stickers. */
const A4 = { width: 210 * MM, height: 297 * MM };

/** Between a cell's edge and the cut line: room for the cut marks, and what a home printer cannot reach. */
const CUTTING_MARGIN = 6 * MM;
const BLEED = 2 * MM;
const PADDING = 5 * MM;
/** A cut mark's length, and its gap from the cut line. */
const MARK = 4 * MM;
const MARK_GAP = 1 * MM;

/** The QR code's quiet zone, in modules, all around (ISO/IEC 18004 asks for 4). */
export const QR_QUIET_ZONE = 4;

export interface PageLayout {
  size: [number, number];
  stickers: StickerLayout[];
}

/** The page a template prints on and the stickers on it. */
export function pageLayout(template: StickerTemplate): PageLayout {
  if (template === 'a6')
    return { size: [A6.width, A6.height], stickers: [stickerIn(0, 0, A6.width, A6.height)] };
  const width = A4.width / 2;
  const height = A4.height / 2;
  const stickers = [0, 1].flatMap((row) =>
    [0, 1].map((column) => stickerIn(column * width, row * height, width, height)),
  );
  return { size: [A4.width, A4.height], stickers };
}

/** A sticker laid out in the cell at (x, y). */
function stickerIn(x: number, y: number, width: number, height: number): StickerLayout {
  const trim = {
    x: x + CUTTING_MARGIN,
    y: y + CUTTING_MARGIN,
    width: width - 2 * CUTTING_MARGIN,
    height: height - 2 * CUTTING_MARGIN,
  };
  const bleed = {
    x: trim.x - BLEED,
    y: trim.y - BLEED,
    width: trim.width + 2 * BLEED,
    height: trim.height + 2 * BLEED,
  };
  const column = { x: trim.x + PADDING, width: trim.width - 2 * PADDING };
  const top = trim.y + PADDING;
  // The origin first, as large as fits; the QR code below it as wide as the column; then the words.
  const origin = { top, size: 22, minSize: 11 };
  const qrSide = column.width;
  const qr = { x: column.x, y: top + 10 * MM, width: qrSide, height: qrSide };
  const below = qr.y + qrSide + 1.5 * MM;
  const line = { top: below, size: 10, minSize: 7 };
  const code = { top: below + 5 * MM, size: 30, minSize: 18 };
  const wordLabel = { top: below + 18 * MM, size: 7.5, minSize: 6 };
  const word = { top: below + 21.5 * MM, size: 17, minSize: 11 };
  return { trim, bleed, column, origin, qr, line, code, wordLabel, word, cutMarks: cutMarksAround(trim) };
}

/** Two strokes at each corner of the trim, in the margin: one along each edge, a gap away from the cut. */
function cutMarksAround(trim: Box): StickerLayout['cutMarks'] {
  const corners: [number, number, number, number][] = [
    [trim.x, trim.y, -1, -1],
    [trim.x + trim.width, trim.y, 1, -1],
    [trim.x, trim.y + trim.height, -1, 1],
    [trim.x + trim.width, trim.y + trim.height, 1, 1],
  ];
  return corners.flatMap(([cx, cy, dx, dy]) => [
    // Along the vertical cut: above or below the corner.
    { from: [cx, cy + dy * MARK_GAP], to: [cx, cy + dy * (MARK_GAP + MARK)] },
    // Along the horizontal cut: left or right of the corner.
    { from: [cx + dx * MARK_GAP, cy], to: [cx + dx * (MARK_GAP + MARK), cy] },
  ]);
}

/** The colours of a theme: its ground, its ink (the code, the word, the host), the muted lines, the QR code and the crop marks. */
export const THEME_COLOURS: Record<
  StickerTheme,
  { ground: string | null; ink: string; muted: string; modules: string; marks: string }
> = {
  light: { ground: null, ink: '#111827', muted: '#374151', modules: '#000000', marks: '#6b7280' },
  dark: { ground: '#111827', ink: '#ffffff', muted: '#d1d5db', modules: '#000000', marks: '#6b7280' },
};
