import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeFrame } from './decode-frame.js';

/** Draws a QR code into RGBA pixels: `scale` pixels per module, a 4-module quiet zone, optionally inverted. */
function frameOf(text: string, { scale = 4, inverted = false } = {}) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const size = (modules.size + 2 * quiet) * scale;
  const data = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const row = Math.floor(y / scale) - quiet;
      const column = Math.floor(x / scale) - quiet;
      const inside = row >= 0 && column >= 0 && row < modules.size && column < modules.size;
      const isDark = inside && modules.get(row, column) === 1;
      const value = isDark !== inverted ? 0 : 255;
      data.set([value, value, value, 255], (y * size + x) * 4);
    }
  }
  return { width: size, height: size, data };
}

describe('decodeFrame', () => {
  const link = 'http://localhost:3400/vehicle/qr/Ab3_x-9Z';

  it('reads a vehicle QR link', () => {
    expect(decodeFrame(frameOf(link))).toEqual({ text: link });
  });

  it('reads a code shown light on dark', () => {
    expect(decodeFrame(frameOf(link, { inverted: true }))).toEqual({ text: link });
  });

  it('answers null for a frame without a code, and for a malformed frame', () => {
    const blank = { width: 64, height: 64, data: new Uint8ClampedArray(64 * 64 * 4).fill(255) };
    expect(decodeFrame(blank)).toEqual({ text: null });
    expect(decodeFrame({ width: 64, height: 64, data: new Uint8ClampedArray(10) })).toEqual({ text: null });
  });
});
