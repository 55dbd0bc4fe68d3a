import { describe, expect, it } from 'vitest';
import { vehicleDescription, vehicleLabel } from './label.js';

describe('vehicle labels', () => {
  const volvo = { year: '2011', make: 'Volvo', model: 'V70' };

  it('describes a vehicle as "year make model", leaving blank parts out', () => {
    expect(vehicleDescription(volvo)).toBe('2011 Volvo V70');
    expect(vehicleDescription({ ...volvo, displayName: 'Blue' })).toBe('2011 Volvo V70');
    expect(vehicleDescription({ year: null, make: 'Volvo', model: ' ' })).toBe('Volvo');
    expect(vehicleDescription({ year: null, make: null, model: null })).toBe('');
  });

  it('leaves the catalog\'s make "Other" out: it only says the model was typed', () => {
    expect(vehicleDescription({ year: '1999', make: 'Other', model: 'Ural' })).toBe('1999 Ural');
  });

  it('calls a vehicle by its display name unless it is blank', () => {
    expect(vehicleLabel({ ...volvo, displayName: ' Blue Bird ' })).toBe('Blue Bird');
    expect(vehicleLabel({ ...volvo, displayName: '  ' })).toBe('2011 Volvo V70');
    expect(vehicleLabel({ ...volvo, displayName: null })).toBe('2011 Volvo V70');
  });
});
