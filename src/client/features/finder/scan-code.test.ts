import { describe, expect, it } from 'vitest';
import { SAMPLE_VEHICLE } from '../../../shared/vehicles/sample.js';
import { isVehicleCode, qrCodeFromScan, sampleQrLink } from './scan-code.js';

describe('qrCodeFromScan', () => {
  it.each([
    ['a link of this site', 'http://localhost:3400/vehicle/qr/Ab3_x-9Z', 'Ab3_x-9Z'],
    ['a link of another origin', 'https://vehicle.example.org/vehicle/qr/abc123', 'abc123'],
    ['a link with a trailing slash', 'https://example.org/vehicle/qr/abc123/', 'abc123'],
    ['a link with several trailing slashes', 'https://example.org/vehicle/qr/abc123///', 'abc123'],
    ['a link with a query string', 'https://example.org/vehicle/qr/abc123?utm_source=sticker', 'abc123'],
    ['a link with a fragment', 'https://example.org/vehicle/qr/abc123#top', 'abc123'],
    ['a link with a port and a base path', 'https://example.org:8443/app/vehicle/qr/abc123', 'abc123'],
    ['a link with percent-escapes', 'https://example.org/vehicle/qr/%61bc%2D1', 'abc-1'],
    ['a link in other letter case', 'HTTPS://EXAMPLE.ORG/Vehicle/QR/abc123', 'abc123'],
    ['a link without its scheme', 'example.org/vehicle/qr/abc123?x=1', 'abc123'],
    ['a bare path', '/vehicle/qr/abc123', 'abc123'],
    ['a raw code', 'Zq0-_.~x', 'Zq0-_.~x'],
    ['a raw code with surrounding whitespace', '  abc123\n', 'abc123'],
  ])('takes the code from %s', (_name, scanned, code) => {
    expect(qrCodeFromScan(scanned)).toBe(code);
  });

  it.each([
    ['empty text', ''],
    ['blank text', '   '],
    ['a link to another page', 'https://example.org/profile'],
    ['a link ending /vehicle/qr/', 'https://example.org/vehicle/qr/'],
    ['a link with more after the code', 'https://example.org/vehicle/qr/abc/extra'],
    ['a link whose code is an escaped slash', 'https://example.org/vehicle/qr/abc%2Fdef'],
    ['a link with a broken escape', 'https://example.org/vehicle/qr/abc%E0%A4'],
    ['a link whose code has a space', 'https://example.org/vehicle/qr/a%20b'],
    ['a link of another scheme', 'ftp://example.org/vehicle/qr/abc'],
    ['Wi-Fi settings', 'WIFI:S:home;T:WPA;P:secret;;'],
    ['a mail address', 'mailto:someone@example.org'],
    ['prose', 'hello world'],
    ['a code past 256 characters', 'a'.repeat(257)],
  ])('finds no code in %s', (_name, scanned) => {
    expect(qrCodeFromScan(scanned)).toBeUndefined();
  });
});

describe('isVehicleCode', () => {
  it('accepts URL-safe tokens up to 256 characters', () => {
    expect(isVehicleCode('a'.repeat(256))).toBe(true);
    expect(isVehicleCode('abc/def')).toBe(false);
    expect(isVehicleCode('')).toBe(false);
  });
});

describe('the sample QR link', () => {
  it("is a vehicle link of the given origin whose code is the built-in sample vehicle's", () => {
    const link = sampleQrLink('https://example.org');
    expect(link).toBe('https://example.org/vehicle/qr/sample');
    expect(qrCodeFromScan(link)).toBe(SAMPLE_VEHICLE.qrCode);
  });
});
