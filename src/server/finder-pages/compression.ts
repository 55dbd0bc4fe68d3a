import zlib from 'node:zlib';

/**
 * A drawn page's HTML compressed as the browser asked (`encodingFor` its Accept-Encoding; decision 0168):
 * Brotli when accepted, else gzip, else as it is. The page is mostly its inlined style sheet, so it shrinks about fivefold and fits
 * the first round trip's window (bench/html-budget.test.ts). One seam, one invariant: the bytes sent decode
 * to exactly the page drawn. Brotli at quality 5: a few milliseconds less than its default of 11 for a page
 * a few hundred bytes larger.
 */
export function compressPage(html: string, encoding: CompressedPage['encoding']): CompressedPage {
  const body = Buffer.from(html, 'utf8');
  if (encoding === 'br') {
    const params = {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    };
    return { body: zlib.brotliCompressSync(body, { params }), encoding };
  }
  if (encoding === 'gzip') return { body: zlib.gzipSync(body, { level: 6 }), encoding };
  return { body };
}

export interface CompressedPage {
  body: Buffer;
  encoding?: 'br' | 'gzip';
}

/** What a page is sent as, for the browser's Accept-Encoding. */
export function encodingFor(acceptEncoding: string | undefined): CompressedPage['encoding'] {
  const accepted = acceptEncoding ?? '';
  if (/\bbr\b/.test(accepted)) return 'br';
  return /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
}
