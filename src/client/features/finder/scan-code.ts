import { SAMPLE_VEHICLE } from '../../../shared/vehicles/sample.js';

/**
 * What a scanned QR code names. A vehicle's sticker encodes `{origin}/vehicle/qr/{code}` (spec §2 QR code);
 * the spec also accepts the bare code. See docs/decisions/0040-finder-scanned-codes.md.
 */

/** A vehicle code as the server issues it: URL-safe characters only (RFC 3986 "unreserved"). */
const VEHICLE_CODE = /^[A-Za-z0-9._~-]{1,256}$/;

/** The path a vehicle's QR link ends with; the code is its last segment. */
const VEHICLE_LINK_PATH = /\/vehicle\/qr\/([^/]+)\/*$/i;

/** Whether a text can be a vehicle code; anything else (Wi-Fi settings, contact cards, prose) is never sent. */
export function isVehicleCode(text: string): boolean {
  return VEHICLE_CODE.test(text);
}

function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function pathOf(text: string): string | undefined {
  if (/^https?:\/\//i.test(text)) {
    try {
      return new URL(text).pathname;
    } catch {
      return undefined;
    }
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return undefined; // another scheme: not a web link
  // A link without its scheme ("example.com/vehicle/qr/abc") or a bare path: drop query and fragment.
  return text.includes('/') ? text.replace(/[?#].*$/, '') : undefined;
}

/**
 * The vehicle code in a scanned text: the last segment of a link whose path ends /vehicle/qr/{code}
 * (any origin, trailing slashes, query and fragment ignored, percent-escapes decoded), or the text itself
 * when it is a bare code. Undefined when the text names no vehicle.
 */
export function qrCodeFromScan(scanned: string): string | undefined {
  const text = scanned.trim();
  if (text === '') return undefined;
  const path = pathOf(text);
  if (path === undefined) return isVehicleCode(text) ? text : undefined;
  const segment = VEHICLE_LINK_PATH.exec(path)?.[1];
  const code = segment === undefined ? undefined : decodedSegment(segment);
  return code !== undefined && isVehicleCode(code) ? code : undefined;
}

/**
 * The built-in sample vehicle's QR link (src/shared/vehicles/sample.ts, every install has it), as a sticker of
 * this site reads: what "Test with sample QR code" submits when the camera fails.
 */
export function sampleQrLink(origin: string): string {
  return `${origin}/vehicle/qr/${encodeURIComponent(SAMPLE_VEHICLE.qrCode)}`;
}
