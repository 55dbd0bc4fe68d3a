import { describe, expect, it } from 'vitest';
import { CUSTOM_ENTRY_MODEL, OTHER_MODEL } from '../../../shared/vehicles/catalog.js';
import type { Vehicle } from '../../../shared/vehicles/vehicles.responses.js';
import {
  editYearOptions,
  emptyVehicleForm,
  formFromVehicle,
  formValues,
  modelFieldMode,
  withMake,
  withModelChoice,
  withModelList,
  withPlate,
} from './vehicle-form-state.js';

const today = new Date('2026-03-01T12:00:00Z');

const vehicle: Vehicle = {
  id: 'v1',
  make: 'Toyota',
  model: 'Camry',
  year: '2019',
  licensePlate: 'ABC-1234',
  color: 'blue',
  displayName: null,
  vehicleType: 'sedan',
  isActive: true,
  qrCode: 'code',
  themePreset: 'default',
  acceptMessagesFrom: 'everyone',
  shortCode: 'ABCD1234',
  verificationWord: 'MAPLE',
};

describe('modelFieldMode', () => {
  it.each([
    ['', false, 'disabled'],
    ['Toyota', false, 'select'],
    ['Toyota', true, 'text'],
    ['Other', false, 'text'],
    ['Not A Make', false, 'text'],
  ] as const)('make %j, typed %s: %s', (make, isModelTyped, expected) => {
    expect(modelFieldMode(make, isModelTyped)).toBe(expected);
  });
});

describe('form transitions', () => {
  it('clears the model when the make changes (spec §4 Forms)', () => {
    const chosen = withModelChoice(withMake(emptyVehicleForm, 'Toyota'), 'Camry');
    expect(chosen.model).toBe('Camry');
    expect(withMake(chosen, 'Honda')).toMatchObject({ make: 'Honda', model: '', isModelTyped: false });
    expect(withMake(chosen, 'Toyota')).toBe(chosen);
  });

  it('turns "Other / Not Listed" into a typed model, and back to the list', () => {
    const typed = withModelChoice(withMake(emptyVehicleForm, 'Toyota'), OTHER_MODEL);
    expect(typed).toMatchObject({ model: '', isModelTyped: true });
    expect(withModelList({ ...typed, model: 'Crown' })).toMatchObject({ model: '', isModelTyped: false });
  });

  it('uppercases the plate as typed', () => {
    expect(withPlate(emptyVehicleForm, 'abc-12').licensePlate).toBe('ABC-12');
  });

  it('leaves the screen flag out of the submitted values', () => {
    expect(formValues(emptyVehicleForm)).not.toHaveProperty('isModelTyped');
    expect(formValues(emptyVehicleForm).vehicleType).toBe('sedan');
  });
});

describe('formFromVehicle', () => {
  it('picks a listed model from the list', () => {
    expect(formFromVehicle(vehicle)).toMatchObject({ model: 'Camry', isModelTyped: false, displayName: '' });
  });

  it('shows a model outside the list as typed text', () => {
    expect(formFromVehicle({ ...vehicle, model: 'Crown' }).isModelTyped).toBe(true);
    expect(formFromVehicle({ ...vehicle, make: 'Other', model: CUSTOM_ENTRY_MODEL }).isModelTyped).toBe(true);
  });
});

describe('editYearOptions', () => {
  it('offers the current year and the previous 29', () => {
    const years = editYearOptions('2019', today);
    expect(years).toHaveLength(30);
    expect(years[0]).toBe('2026');
    expect(years.at(-1)).toBe('1997');
  });

  it('keeps an older saved year as the last option', () => {
    const years = editYearOptions('1990', today);
    expect(years).toHaveLength(31);
    expect(years.at(-1)).toBe('1990');
  });

  it('adds nothing for an empty year', () => {
    expect(editYearOptions('', today)).toHaveLength(30);
  });
});
