/**
 * Reading a sticker PDF back as a person would (docs/decisions/0156-the-sticker-pdf.md): poppler's pdftoppm
 * prints it to pixels and jsQR scans each sticker's QR code; pdftotext reads its text layer. Debian's
 * poppler-utils (.ci/run installs it).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';

const execFileAsync = promisify(execFile);

/** Runs a poppler tool; its absence says what to install. */
async function run(tool: string, args: string[]): Promise<{ stdout: string }> {
  try {
    return await execFileAsync(tool, args);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(`${tool} is missing: apt-get install -y poppler-utils`);
    throw error;
  }
}
type JsQR = typeof import('jsqr')['default'];
// jsqr is CommonJS exporting { default: jsQR }; Node's ESM loader hands the test the wrapper object.
const jsQR: JsQR = (jsQRModule as unknown as { default?: JsQR }).default ?? (jsQRModule as unknown as JsQR);

export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Runs `work` on the PDF saved in a fresh folder, which goes afterwards. */
async function withPdfFile<T>(pdf: Buffer, work: (file: string, folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(path.join(tmpdir(), 'sticker-'));
  try {
    const file = path.join(folder, 'sticker.pdf');
    await writeFile(file, pdf);
    return await work(file, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The first page printed at `dpi`, as RGBA pixels. */
export function pdfToPixels(pdf: Buffer, dpi = 100): Promise<Pixels> {
  return withPdfFile(pdf, async (file, folder) => {
    const out = path.join(folder, 'page');
    await run('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', file, out]);
    const { width, height, data } = PNG.sync.read(await readFile(`${out}.png`));
    return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  });
}

/** The first page printed at `dpi` as a PNG file's bytes (the README's picture of a sticker). */
export function pdfToPng(pdf: Buffer, dpi: number): Promise<Buffer> {
  return withPdfFile(pdf, async (file, folder) => {
    const out = path.join(folder, 'page');
    await run('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', file, out]);
    return readFile(`${out}.png`);
  });
}

/** The text layer, as pdftotext reads it (-layout off: each line of text as it was written). */
export function pdfText(pdf: Buffer): Promise<string> {
  return withPdfFile(pdf, async (file) => (await run('pdftotext', [file, '-'])).stdout);
}

/** The page size as pdfinfo gives it: "297.638 x 419.528 pts (A6)". */
export async function pdfPageSize(pdf: Buffer): Promise<string> {
  const info = await withPdfFile(pdf, async (file) => (await run('pdfinfo', [file])).stdout);
  return /^Page size:\s+(.*)$/m.exec(info)?.[1]?.trim() ?? '';
}

/** The fonts pdffonts lists: name and whether each is embedded. */
export async function pdfFonts(pdf: Buffer): Promise<{ name: string; embedded: boolean }[]> {
  const listing = await withPdfFile(pdf, async (file) => (await run('pdffonts', [file])).stdout);
  return listing
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const columns = line.trim().split(/\s+/);
      // name type... encoding emb sub uni object ID: emb is the fifth from the end.
      return { name: columns[0] ?? '', embedded: columns.at(-5) === 'yes' };
    });
}

/** The pixels of one cell of a `columns` x `rows` grid over the page (one sticker of a sheet). */
export function cellOf(page: Pixels, columns: number, rows: number, column: number, row: number): Pixels {
  const width = Math.floor(page.width / columns);
  const height = Math.floor(page.height / rows);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = ((row * height + y) * page.width + column * width) * 4;
    data.set(page.data.subarray(from, from + width * 4), y * width * 4);
  }
  return { width, height, data };
}

/** The text of the one QR code in the picture, or null when there is none to read. */
export function readQrCode(pixels: Pixels): string | null {
  return scanQrCode(pixels)?.data ?? null;
}

/** The QR code in the picture as jsQR reads it (its text, version and corners), or null. */
export function scanQrCode({ width, height, data }: Pixels) {
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width, height);
}

/**
 * Whether everything within `modules` modules around the code's symbol is light: its quiet zone is kept. The
 * symbol's box comes from the corners jsQR found; a module is the box's side over 17 + 4 x version.
 */
export function quietZoneIsLight(pixels: Pixels, modules: number): boolean {
  const code = scanQrCode(pixels);
  if (!code) return false;
  const { topLeftCorner, topRightCorner, bottomLeftCorner, bottomRightCorner } = code.location;
  const left = Math.min(topLeftCorner.x, bottomLeftCorner.x);
  const right = Math.max(topRightCorner.x, bottomRightCorner.x);
  const top = Math.min(topLeftCorner.y, topRightCorner.y);
  const bottom = Math.max(bottomLeftCorner.y, bottomRightCorner.y);
  const unit = (right - left) / (17 + 4 * code.version);
  const inner = 0.5 * unit;
  const outer = modules * unit;
  for (let y = Math.floor(top - outer); y <= Math.ceil(bottom + outer); y++) {
    for (let x = Math.floor(left - outer); x <= Math.ceil(right + outer); x++) {
      const inSymbol = x >= left - inner && x <= right + inner && y >= top - inner && y <= bottom + inner;
      if (inSymbol) continue;
      if (x < 0 || y < 0 || x >= pixels.width || y >= pixels.height) return false;
      const at = (y * pixels.width + x) * 4;
      const light = ((pixels.data[at] ?? 0) + (pixels.data[at + 1] ?? 0) + (pixels.data[at + 2] ?? 0)) / 3;
      if (light < 160) return false;
    }
  }
  return true;
}

/** How many bitmap images the PDF holds (pdfimages -list: one line each after its two header lines). */
export async function pdfImageCount(pdf: Buffer): Promise<number> {
  const listing = await withPdfFile(pdf, async (file) => (await run('pdfimages', ['-list', file])).stdout);
  return listing.split('\n').filter((line) => line.trim() !== '').length - 2;
}
