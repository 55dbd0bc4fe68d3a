import { describe, expect, it } from 'vitest';
import {
  colorLabel,
  moreVehiclesText,
  plateLine,
  qrCodeTarget,
  qrFileName,
  vehicleName,
  vehicleTypeLabel,
} from './vehicle-display.js';

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
