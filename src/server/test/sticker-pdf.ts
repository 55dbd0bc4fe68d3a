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
export function readQrCode({ width, height, data }: Pixels): string | null {
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width, height);
  return code ? code.data : null;
}
