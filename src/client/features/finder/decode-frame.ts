import jsQRModule from 'jsqr';

/** A frame the scanner posts to the decoder worker: RGBA pixels, row by row. */
export interface DecodeRequest {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** The worker's answer: the text of the QR code in the frame, or null when it found none. */
export interface DecodeResult {
  text: string | null;
}

type JsQR = typeof import('jsqr')['default'];
// jsqr is CommonJS exporting { default: jsQR }; bundlers unwrap it, Node's ESM loader does not.
const jsQR: JsQR = (jsQRModule as unknown as { default?: JsQR }).default ?? (jsQRModule as unknown as JsQR);

/** Reads the QR code in one frame; dark-on-light first, then light-on-dark (a code shown on a dark screen). */
export function decodeFrame({ width, height, data }: DecodeRequest): DecodeResult {
  if (width <= 0 || height <= 0 || data.length < width * height * 4) return { text: null };
  const code = jsQR(data, width, height, { inversionAttempts: 'attemptBoth' });
  return { text: code && code.data !== '' ? code.data : null };
}
