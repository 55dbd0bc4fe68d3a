import { describe, expect, it } from 'vitest';
import { VEHICLE_COLORS, VEHICLE_TYPE_VALUES } from './catalog.js';
import { vehicleTexts } from './texts.js';
import { THEME_PRESET_VALUES } from './themes.js';
import {
  createVehicleRequestSchema,
  editProblem,
  registrationProblem,
  themeRequestSchema,
  updateVehicleRequestSchema,
} from './vehicles.contract.js';

// Spec §5 texts, word for word; the catalog texts (not in the spec) come from texts.ts.
const FILL_ALL = 'Please fill in all fields';
const FILL_REQUIRED = 'Please fill in all required fields';
const TOO_SHORT = 'License plate is too short';
const TOO_LONG = 'License plate is too long (max 10 characters)';
const NOT_REAL = 'Please enter a real license plate number';
const BAD_FORMAT = 'Please enter a valid license plate format';
const NAME_TOO_LONG = 'Display name must be at most 100 characters';

const TODAY = new Date('2026-06-01T12:00:00');
const REQUIRED = ['make', 'model', 'year', 'licensePlate', 'color'] as const;
const valid = { make: 'Toyota', model: 'Camry', year: '2020', licensePlate: 'ABC-1234', color: 'silver' };
type Body = Record<string, unknown>;

const firstMessage = (result: { success: boolean; error?: { message: string } }) =>
  result.success ? undefined : result.error?.message;

/** Every required field, each left out in each of these ways (null is JSON's "no value"). */
const absentValues: Array<[string, unknown]> = [
  ['omitted', undefined],
  ['empty', ''],
  ['spaces', '   '],
  ['whitespace', '\t\n'],
  ['null', null],
];
const missingCases = REQUIRED.flatMap((field) =>
  absentValues.map(([how, value]) => {
    const body: Body = { ...valid, displayName: 'Mine', vehicleType: 'suv' };
    if (value === undefined) delete body[field];
    else body[field] = value;
    return { field, how, body };
  }),
);

describe('registrationProblem (spec §5 Vehicle registration, then the catalog)', () => {
  it('accepts a complete vehicle', () => {
    expect(registrationProblem(valid, TODAY)).toBeUndefined();
    expect(
      registrationProblem({ ...valid, displayName: 'Blue', vehicleType: 'pickup' }, TODAY),
    ).toBeUndefined();
  });

  it.each(missingCases)('$field $how → "Please fill in all fields"', ({ body }) => {
    expect(registrationProblem(body, TODAY)).toBe(FILL_ALL);
  });

  it('refuses an empty form', () => {
    expect(registrationProblem({}, TODAY)).toBe(FILL_ALL);
  });

  it.each([
    { how: 'display name omitted', body: { ...valid } },
    { how: 'display name empty', body: { ...valid, displayName: '' } },
    { how: 'display name null', body: { ...valid, displayName: null } },
    { how: 'display name spaces', body: { ...valid, displayName: '   ' } },
    { how: 'vehicle type omitted', body: { ...valid } },
    { how: 'vehicle type empty', body: { ...valid, vehicleType: '' } },
    { how: 'vehicle type null', body: { ...valid, vehicleType: null } },
  ])('optional: $how → accepted', ({ body }) => {
    expect(registrationProblem(body, TODAY)).toBeUndefined();
  });

  it.each([
    {
      why: 'missing field beats a bad plate',
      body: { ...valid, color: '', licensePlate: 'X' },
      expected: FILL_ALL,
    },
    {
      why: 'missing field beats a long display name',
      body: { ...valid, make: ' ', displayName: 'n'.repeat(101) },
      expected: FILL_ALL,
    },
    {
      why: 'missing field beats an unknown make',
      body: { ...valid, make: 'Nope', model: '' },
      expected: FILL_ALL,
    },
    {
      why: 'bad plate beats a long display name',
      body: { ...valid, licensePlate: 'TEST1', displayName: 'n'.repeat(101) },
      expected: NOT_REAL,
    },
    {
      why: 'bad plate beats the catalog',
      body: { ...valid, licensePlate: 'AB-12-CD', make: 'Nope', year: '1900' },
      expected: BAD_FORMAT,
    },
    {
      why: 'long display name beats the catalog',
      body: { ...valid, displayName: 'n'.repeat(101), make: 'Nope' },
      expected: NAME_TOO_LONG,
    },
    {
      why: 'make before model',
      body: { ...valid, make: 'Nope', model: 'm'.repeat(51) },
      expected: vehicleTexts.unknownMake,
    },
    {
      why: 'model before year',
      body: { ...valid, model: 'm'.repeat(51), year: '1900' },
      expected: vehicleTexts.modelTooLong,
    },
    {
      why: 'year before color',
      body: { ...valid, year: '1900', color: 'pink' },
      expected: vehicleTexts.invalidYear,
    },
    {
      why: 'color before vehicle type',
      body: { ...valid, color: 'pink', vehicleType: 'bus' },
      expected: vehicleTexts.unknownColor,
    },
  ])('order: $why', ({ body, expected }) => {
    expect(registrationProblem(body, TODAY)).toBe(expected);
  });

  it.each([
    { plate: 'X', expected: TOO_SHORT },
    { plate: 'ABCDE123456', expected: TOO_LONG },
    { plate: 'fake-1', expected: NOT_REAL },
    { plate: '12333', expected: NOT_REAL },
    { plate: 'A.B', expected: BAD_FORMAT },
    { plate: ' abc 1234 ', expected: undefined },
    { plate: 1234, expected: 'licensePlate must be text' },
  ])('plate $plate → $expected', ({ plate, expected }) => {
    expect(registrationProblem({ ...valid, licensePlate: plate }, TODAY)).toBe(expected);
  });

  it.each([
    { how: '100 characters', name: 'n'.repeat(100), expected: undefined },
    { how: '101 characters', name: 'n'.repeat(101), expected: NAME_TOO_LONG },
    { how: '100 characters inside spaces (trimmed)', name: `  ${'n'.repeat(100)}  `, expected: undefined },
    { how: '500 characters', name: 'n'.repeat(500), expected: NAME_TOO_LONG },
  ])('display name $how → $expected', ({ name, expected }) => {
    expect(registrationProblem({ ...valid, displayName: name }, TODAY)).toBe(expected);
  });

  it.each([
    // make: one of the 32, exactly
    { field: 'make', value: 'Nope', expected: vehicleTexts.unknownMake },
    { field: 'make', value: 'toyota', expected: vehicleTexts.unknownMake },
    { field: 'make', value: 'Mercedes', expected: vehicleTexts.unknownMake },
    { field: 'make', value: ' Toyota ', expected: undefined },
    { field: 'make', value: 'Land Rover', expected: undefined },
    { field: 'make', value: 'Other', expected: undefined },
    { field: 'make', value: 123, expected: 'make must be text' },
    // model: free text up to 50 (make Other and "Other / Not Listed" let the owner type it)
    { field: 'model', value: 'm'.repeat(50), expected: undefined },
    { field: 'model', value: 'm'.repeat(51), expected: vehicleTexts.modelTooLong },
    { field: 'model', value: 'Other / Not Listed', expected: undefined },
    { field: 'model', value: 'Some Typed Model', expected: undefined },
    // year: 1985 up to the current year, as text (spec §3), never a number
    { field: 'year', value: '1985', expected: undefined },
    { field: 'year', value: '1984', expected: vehicleTexts.invalidYear },
    { field: 'year', value: '2026', expected: undefined },
    { field: 'year', value: '2027', expected: vehicleTexts.invalidYear },
    { field: 'year', value: '20x5', expected: vehicleTexts.invalidYear },
    { field: 'year', value: '925', expected: vehicleTexts.invalidYear },
    { field: 'year', value: '02020', expected: vehicleTexts.invalidYear },
    { field: 'year', value: '2020.0', expected: vehicleTexts.invalidYear },
    { field: 'year', value: ' 2020 ', expected: undefined },
    { field: 'year', value: 2020, expected: 'year must be text' },
    { field: 'year', value: 1984, expected: 'year must be text' },
    // color: one of the 12, exactly
    { field: 'color', value: 'pink', expected: vehicleTexts.unknownColor },
    { field: 'color', value: 'Silver', expected: vehicleTexts.unknownColor },
    { field: 'color', value: 'grey', expected: vehicleTexts.unknownColor },
    // vehicle type: one of the 7 values, exactly
    { field: 'vehicleType', value: 'bus', expected: vehicleTexts.unknownVehicleType },
    { field: 'vehicleType', value: 'Sedan', expected: vehicleTexts.unknownVehicleType },
    { field: 'vehicleType', value: 'Pickup Truck', expected: vehicleTexts.unknownVehicleType },
  ])('catalog: $field $value → $expected', ({ field, value, expected }) => {
    expect(registrationProblem({ ...valid, [field]: value }, TODAY)).toBe(expected);
  });

  it('accepts every color and vehicle type of the catalog', () => {
    for (const color of VEHICLE_COLORS)
      expect(registrationProblem({ ...valid, color }, TODAY)).toBeUndefined();
    for (const vehicleType of VEHICLE_TYPE_VALUES) {
      expect(registrationProblem({ ...valid, vehicleType }, TODAY)).toBeUndefined();
    }
  });

  it('moves the year limit with the day given', () => {
    expect(registrationProblem({ ...valid, year: '2027' }, new Date('2027-03-01T12:00:00'))).toBeUndefined();
    expect(registrationProblem({ ...valid, year: '2026' }, new Date('2025-12-01T12:00:00'))).toBe(
      vehicleTexts.invalidYear,
    );
  });

  it('keeps the catalog texts', () => {
    expect(vehicleTexts).toMatchObject({
      unknownMake: 'Please choose a make from the list',
      unknownColor: 'Please choose a color from the list',
      unknownVehicleType: 'Please choose a vehicle type from the list',
      invalidYear: 'Please choose a year from the list',
      modelTooLong: 'Model must be at most 50 characters',
      unknownThemePreset: 'Please choose one of the theme presets',
    });
  });
});

describe('editProblem (spec §5 Vehicle edit, plus the registration plate rules)', () => {
  it('accepts a complete vehicle', () => {
    expect(editProblem(valid, TODAY)).toBeUndefined();
    expect(editProblem({ ...valid, displayName: '' }, TODAY)).toBeUndefined();
  });

  it.each(missingCases)('$field $how → "Please fill in all required fields"', ({ body }) => {
    expect(editProblem(body, TODAY)).toBe(FILL_REQUIRED);
  });

  it.each([
    { why: 'plate too short', body: { ...valid, licensePlate: ' X ' }, expected: TOO_SHORT },
    { why: 'plate longer than 10', body: { ...valid, licensePlate: 'ABCDE123456' }, expected: TOO_LONG },
    { why: 'fake plate', body: { ...valid, licensePlate: 'test123' }, expected: NOT_REAL },
    { why: 'filler plate', body: { ...valid, licensePlate: '0000' }, expected: NOT_REAL },
    { why: 'bad plate format', body: { ...valid, licensePlate: 'AB-12-CD' }, expected: BAD_FORMAT },
    { why: 'lowercase plate', body: { ...valid, licensePlate: 'abc-1234' }, expected: undefined },
    {
      why: 'missing field beats a bad plate',
      body: { ...valid, model: '', licensePlate: 'X' },
      expected: FILL_REQUIRED,
    },
    { why: 'display name 100', body: { ...valid, displayName: 'n'.repeat(100) }, expected: undefined },
    { why: 'display name 101', body: { ...valid, displayName: 'n'.repeat(101) }, expected: NAME_TOO_LONG },
    {
      why: 'bad plate beats a long display name',
      body: { ...valid, licensePlate: 'A.B', displayName: 'n'.repeat(101) },
      expected: BAD_FORMAT,
    },
    { why: 'unknown make', body: { ...valid, make: 'Nope' }, expected: vehicleTexts.unknownMake },
    { why: 'year from the future', body: { ...valid, year: '2027' }, expected: vehicleTexts.invalidYear },
    { why: 'unknown color', body: { ...valid, color: 'pink' }, expected: vehicleTexts.unknownColor },
    { why: 'vehicle type absent', body: { ...valid }, expected: undefined },
  ])('$why → $expected', ({ body, expected }) => {
    expect(editProblem(body, TODAY)).toBe(expected);
  });
});

describe('createVehicleRequestSchema', () => {
  it('trims, uppercases the plate, turns an empty display name into null and defaults the type to sedan', () => {
    const parsed = createVehicleRequestSchema.parse({
      make: ' Toyota ',
      model: ' Camry ',
      year: ' 2020 ',
      licensePlate: '  abc-1234 ',
      color: ' silver ',
      displayName: '',
    });
    expect(parsed).toEqual({
      make: 'Toyota',
      model: 'Camry',
      year: '2020',
      licensePlate: 'ABC-1234',
      color: 'silver',
      displayName: null,
      vehicleType: 'sedan',
    });
  });

  it.each([
    { displayName: undefined, vehicleType: undefined, shownName: null, shownType: 'sedan' },
    { displayName: '   ', vehicleType: '', shownName: null, shownType: 'sedan' },
    { displayName: null, vehicleType: null, shownName: null, shownType: 'sedan' },
    { displayName: ' My Ride ', vehicleType: 'motorcycle', shownName: 'My Ride', shownType: 'motorcycle' },
  ])('display name $displayName, type $vehicleType → $shownName, $shownType', (row) => {
    const parsed = createVehicleRequestSchema.parse({
      ...valid,
      displayName: row.displayName,
      vehicleType: row.vehicleType,
    });
    expect(parsed.displayName).toBe(row.shownName);
    expect(parsed.vehicleType).toBe(row.shownType);
  });

  it('keeps only the vehicle fields', () => {
    const parsed = createVehicleRequestSchema.parse({ ...valid, userId: 'u1', isActive: false, qrCode: 'q' });
    expect(Object.keys(parsed).sort()).toEqual(
      ['color', 'displayName', 'licensePlate', 'make', 'model', 'vehicleType', 'year'].sort(),
    );
  });

  it.each([
    { body: { ...valid, make: '' }, expected: FILL_ALL },
    { body: { ...valid, licensePlate: 'DEMO1' }, expected: NOT_REAL },
    { body: { ...valid, displayName: 'n'.repeat(101) }, expected: NAME_TOO_LONG },
    { body: { ...valid, year: '1984' }, expected: vehicleTexts.invalidYear },
    { body: {}, expected: FILL_ALL },
  ])('refuses $body with the rule text', ({ body, expected }) => {
    expect(firstMessage(createVehicleRequestSchema.safeParse(body))).toBe(expected);
  });

  it.each([
    ['array', [valid]],
    ['string', 'Toyota'],
    ['number', 5],
    ['null', null],
    ['undefined', undefined],
  ])('refuses a non-object body (%s)', (_, body) => {
    expect(createVehicleRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe('updateVehicleRequestSchema', () => {
  it('normalises like create, without a vehicle type unless one is given', () => {
    const parsed = updateVehicleRequestSchema.parse({ ...valid, licensePlate: ' ab 123 ', displayName: '' });
    expect(parsed).toEqual({
      make: 'Toyota',
      model: 'Camry',
      year: '2020',
      licensePlate: 'AB 123',
      color: 'silver',
      displayName: null,
    });
    expect(parsed).not.toHaveProperty('vehicleType');
  });

  it.each([
    { vehicleType: 'van', expected: 'van' },
    { vehicleType: ' truck ', expected: 'truck' },
    { vehicleType: '', expected: undefined },
    { vehicleType: null, expected: undefined },
  ])('vehicle type $vehicleType → $expected', ({ vehicleType, expected }) => {
    const parsed = updateVehicleRequestSchema.parse({ ...valid, vehicleType });
    expect(parsed.vehicleType).toBe(expected);
    expect('vehicleType' in parsed).toBe(expected !== undefined);
  });

  it.each([
    { body: { ...valid, color: '  ' }, expected: FILL_REQUIRED },
    { body: { ...valid, year: undefined }, expected: FILL_REQUIRED },
    { body: { ...valid, licensePlate: 'ABCDE123456' }, expected: TOO_LONG },
    { body: { ...valid, licensePlate: 'SAMPLE' }, expected: NOT_REAL },
    { body: { ...valid, vehicleType: 'bus' }, expected: vehicleTexts.unknownVehicleType },
  ])('refuses $body with the rule text', ({ body, expected }) => {
    expect(firstMessage(updateVehicleRequestSchema.safeParse(body))).toBe(expected);
  });

  it.each([
    ['array', [valid]],
    ['string', 'Toyota'],
    ['null', null],
  ])('refuses a non-object body (%s)', (_, body) => {
    expect(updateVehicleRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe('themeRequestSchema', () => {
  it.each(THEME_PRESET_VALUES)('accepts %s', (themePreset) => {
    expect(themeRequestSchema.parse({ themePreset })).toEqual({ themePreset });
  });

  it('accepts exactly the four presets of spec §3', () => {
    expect([...THEME_PRESET_VALUES].sort()).toEqual(['default', 'eco', 'luxury', 'sport']);
  });

  it.each([['Default'], ['SPORT'], ['racing'], [''], [' eco '], [null], [undefined]])(
    'refuses themePreset %j with "Please choose one of the theme presets"',
    (themePreset) => {
      expect(firstMessage(themeRequestSchema.safeParse({ themePreset }))).toBe(
        'Please choose one of the theme presets',
      );
    },
  );

  it.each([
    ['array', ['sport']],
    ['string', 'sport'],
    ['null', null],
  ])('refuses a non-object body (%s)', (_, body) => {
    expect(themeRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe('fields of the wrong kind (every vehicle request)', () => {
  const FIELDS = ['make', 'model', 'year', 'licensePlate', 'color', 'displayName', 'vehicleType'] as const;
  const wrongKinds: Array<[string, unknown]> = [
    ['an object', {}],
    ['an array', []],
    ['an array of text', ['Toyota']],
    ['true', true],
    ['false', false],
    ['zero', 0],
    ['a number', 2020],
    ['an operator object', { $ne: null }],
  ];
  const full = { ...valid, displayName: 'Mine', vehicleType: 'suv' };
  const checks = {
    registrationProblem: (body: Body) => registrationProblem(body, TODAY),
    editProblem: (body: Body) => editProblem(body, TODAY),
    createVehicleRequestSchema: (body: Body) => firstMessage(createVehicleRequestSchema.safeParse(body)),
    updateVehicleRequestSchema: (body: Body) => firstMessage(updateVehicleRequestSchema.safeParse(body)),
  };
  const cases = Object.entries(checks).flatMap(([check, problem]) =>
    FIELDS.flatMap((field) =>
      wrongKinds.map(([how, value]) => ({ check, problem, field, how, body: { ...full, [field]: value } })),
    ),
  );

  it.each(cases)('$check: $field as $how → "$field must be text"', ({ problem, field, body }) => {
    expect(problem(body)).toBe(`${field} must be text`);
  });

  it.each(Object.entries(checks))('%s: the full body passes', (_, problem) => {
    expect(problem(full)).toBeUndefined();
  });

  it.each([
    { why: 'a wrong kind beats a missing field', body: { ...valid, make: '', model: 0 }, field: 'model' },
    {
      why: 'a wrong kind beats a bad plate',
      body: { ...valid, licensePlate: 'X', color: true },
      field: 'color',
    },
    { why: 'the first wrong field is named', body: { ...valid, make: {}, displayName: [] }, field: 'make' },
  ])('order: $why', ({ body, field }) => {
    expect(registrationProblem(body, TODAY)).toBe(`${field} must be text`);
    expect(editProblem(body, TODAY)).toBe(`${field} must be text`);
  });

  it.each(wrongKinds)('themeRequestSchema: themePreset as %s → "themePreset must be text"', (_, value) => {
    expect(firstMessage(themeRequestSchema.safeParse({ themePreset: value }))).toBe(
      'themePreset must be text',
    );
  });

  it.each([
    ['createVehicleRequestSchema', createVehicleRequestSchema],
    ['updateVehicleRequestSchema', updateVehicleRequestSchema],
    ['themeRequestSchema', themeRequestSchema],
  ] as const)('%s: a body that is not a JSON object is refused as such', (_, schema) => {
    for (const body of [[], [valid], 'Toyota', 5, true, null, undefined]) {
      expect(firstMessage(schema.safeParse(body)), JSON.stringify(body)).toBe(
        'Request body must be a JSON object',
      );
    }
  });
});
