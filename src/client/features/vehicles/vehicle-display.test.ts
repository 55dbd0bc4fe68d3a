import fs from 'node:fs';
import { setupI18n } from '@lingui/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTextsFrom } from '../../../shared/i18n/texts.js';
import {
  colorLabel,
  moreVehiclesText,
  plateLine,
  qrCodeTarget,
  qrFileName,
  vehicleName,
  vehicleTypeLabel,
} from './vehicle-display.js';

/** The app's whole catalogue of a language, as the browser loads it (locales/{locale}/all.json). */
function catalogueOf(locale: string) {
  const messages = JSON.parse(fs.readFileSync(`locales/${locale}/all.json`, 'utf8'));
  return setupI18n({ locale, messages: { [locale]: messages } });
}

let language = catalogueOf('en-US');
let restore = (): void => undefined;
beforeEach(() => {
  language = catalogueOf('en-US');
  restore = readTextsFrom(() => language);
});
afterEach(() => restore());

const palisade = { year: '2020', make: 'Hyundai', model: 'Palisade' };

describe('vehicleName', () => {
  it.each([
    [null, '2020 Hyundai Palisade'],
    ['', '2020 Hyundai Palisade'],
    ['   ', '2020 Hyundai Palisade'],
    ['Family Car', 'Family Car'],
    ['  Family Car ', 'Family Car'],
  ])('display name %j gives %s', (displayName, expected) => {
    expect(vehicleName({ ...palisade, displayName })).toBe(expected);
  });
});

describe('moreVehiclesText', () => {
  it.each([
    [1, '+1 more vehicle'],
    [2, '+2 more vehicles'],
    [18, '+18 more vehicles'],
  ])('%i hidden gives %s', (count, expected) => {
    expect(moreVehiclesText(count)).toBe(expected);
  });
});

describe('labels', () => {
  it('shows the plate line, colors capitalised and the catalog type labels', () => {
    expect(plateLine('ABC-1234')).toBe('License: ABC-1234');
    expect(colorLabel('silver')).toBe('Silver');
    expect(vehicleTypeLabel('truck')).toBe('18-Wheeler / Truck');
    expect(vehicleTypeLabel('pickup')).toBe('Pickup Truck');
  });
});

describe("in the app's other languages (issue 36)", () => {
  it("counts the hidden vehicles with each language's plurals", () => {
    language = catalogueOf('de-DE');
    expect([1, 3].map(moreVehiclesText)).toEqual(['+1 weiteres Fahrzeug', '+3 weitere Fahrzeuge']);
    language = catalogueOf('zh-CN');
    expect([1, 3].map(moreVehiclesText)).toEqual(['还有 1 辆车', '还有 3 辆车']);
  });

  it('names the colors and the plate line in the language, and keeps an unknown color as it came', () => {
    language = catalogueOf('de-DE');
    expect([colorLabel('silver'), colorLabel('other'), colorLabel('teal')]).toEqual([
      'Silber',
      'Andere',
      'Teal',
    ]);
    expect(plateLine('ABC-1234')).toBe('Kennzeichen: ABC-1234');
    language = catalogueOf('zh-CN');
    expect([colorLabel('black'), plateLine('ABC-1234')]).toEqual(['黑色', '车牌：ABC-1234']);
  });
});

describe('QR code', () => {
  it('points at the site vehicle-found route', () => {
    expect(qrCodeTarget('https://example.org', 'k3Y_abc')).toBe('https://example.org/vehicle/qr/k3Y_abc');
  });

  it.each([
    ['ABC-1234', 'ABC-1234.png'],
    ['ABC 123', 'ABC 123.png'],
    ['  LOVE2GO ', 'LOVE2GO.png'],
    ['../X/Y', 'XY.png'],
    ['', 'vehicle-qr-code.png'],
  ])('plate %j downloads as %s', (plate, expected) => {
    expect(qrFileName(plate)).toBe(expected);
  });
});
