import { describe, expect, it } from 'vitest';
import {
  CUSTOM_ENTRY_MODEL,
  DEFAULT_VEHICLE_TYPE,
  editYears,
  isFreeTextModel,
  modelsOf,
  OTHER_MAKE,
  OTHER_MODEL,
  registrationYears,
  VEHICLE_COLORS,
  VEHICLE_MAKES,
  VEHICLE_MODELS,
  VEHICLE_TYPE_VALUES,
  VEHICLE_TYPES,
} from './catalog.js';
import { DEFAULT_THEME_PRESET, THEME_PRESET_VALUES, THEME_PRESETS } from './themes.js';

// Spec §3, word for word.
const SPEC_MAKES = [
  'Acura',
  'Audi',
  'BMW',
  'Buick',
  'Cadillac',
  'Chevrolet',
  'Chrysler',
  'Dodge',
  'Ford',
  'Genesis',
  'GMC',
  'Honda',
  'Hyundai',
  'Infiniti',
  'Jaguar',
  'Jeep',
  'Kia',
  'Land Rover',
  'Lexus',
  'Lincoln',
  'Mazda',
  'Mercedes-Benz',
  'Mitsubishi',
  'Nissan',
  'Porsche',
  'Ram',
  'Subaru',
  'Tesla',
  'Toyota',
  'Volkswagen',
  'Volvo',
  'Other',
];
const SPEC_COLORS = [
  'black',
  'white',
  'silver',
  'gray',
  'red',
  'blue',
  'green',
  'yellow',
  'orange',
  'purple',
  'brown',
  'other',
];

describe('makes and models (spec §3)', () => {
  it('offers exactly the 32 makes, in the spec order, Other last', () => {
    expect(VEHICLE_MAKES).toHaveLength(32);
    expect([...VEHICLE_MAKES]).toEqual(SPEC_MAKES);
    expect(VEHICLE_MAKES.at(-1)).toBe('Other');
    expect(OTHER_MAKE).toBe('Other');
    expect(Object.keys(VEHICLE_MODELS).sort()).toEqual([...SPEC_MAKES].sort());
  });

  it.each(SPEC_MAKES.filter((make) => make !== 'Other'))(
    '%s has its own models, then "Other / Not Listed", no duplicates',
    (make) => {
      const models = modelsOf(make);
      expect(models.length).toBeGreaterThan(1);
      expect(models.at(-1)).toBe('Other / Not Listed');
      expect(models.filter((model) => model === 'Other / Not Listed')).toHaveLength(1);
      expect(new Set(models).size).toBe(models.length);
      for (const model of models) expect(model.trim()).toBe(model);
      for (const model of models) expect(model.length).toBeGreaterThan(0);
      for (const model of models) expect(model.length).toBeLessThanOrEqual(50);
    },
  );

  it('gives Other the single model "Custom Entry"', () => {
    expect(modelsOf('Other')).toEqual(['Custom Entry']);
    expect(CUSTOM_ENTRY_MODEL).toBe('Custom Entry');
    expect(OTHER_MODEL).toBe('Other / Not Listed');
  });

  it('lists Camry, Corolla and RAV4 (and others) for Toyota', () => {
    expect(modelsOf('Toyota')).toEqual(expect.arrayContaining(['Camry', 'Corolla', 'RAV4']));
    expect(modelsOf('Toyota').length).toBeGreaterThan(4);
  });

  it('lists exactly Model 3, Model Y, Model S, Model X, Cybertruck for Tesla', () => {
    expect(modelsOf('Tesla')).toEqual([
      'Model 3',
      'Model Y',
      'Model S',
      'Model X',
      'Cybertruck',
      'Other / Not Listed',
    ]);
  });

  it.each(['', 'Nope', 'toyota', 'constructor', '__proto__', 'toString'])('has no models for %j', (make) => {
    expect(modelsOf(make)).toEqual([]);
  });
});

describe('isFreeTextModel', () => {
  it.each([
    { make: 'Other', model: 'Custom Entry', free: true, why: 'make Other' },
    { make: 'Other', model: 'Anything', free: true, why: 'make Other, typed' },
    { make: 'Toyota', model: 'Other / Not Listed', free: true, why: '"Other / Not Listed" chosen' },
    { make: 'Tesla', model: 'Other / Not Listed', free: true, why: '"Other / Not Listed" chosen' },
    { make: 'Nope', model: 'X', free: true, why: 'make without a list' },
    { make: '', model: '', free: true, why: 'no make yet' },
    { make: 'Toyota', model: 'Camry', free: false, why: 'listed model' },
    { make: 'Tesla', model: 'Model 3', free: false, why: 'listed model' },
    { make: 'Land Rover', model: 'Defender', free: false, why: 'listed model, make with a space' },
    { make: 'Toyota', model: '', free: false, why: 'model not chosen yet' },
  ])('$make / $model ($why) → $free', ({ make, model, free }) => {
    expect(isFreeTextModel(make, model)).toBe(free);
  });
});

describe('vehicle types and colors (spec §3)', () => {
  it('offers the 7 types with their labels, sedan by default', () => {
    expect(VEHICLE_TYPES.map((type) => [type.value, type.label])).toEqual([
      ['sedan', 'Sedan'],
      ['suv', 'SUV'],
      ['pickup', 'Pickup Truck'],
      ['truck', '18-Wheeler / Truck'],
      ['motorcycle', 'Motorcycle'],
      ['van', 'Van'],
      ['other', 'Other'],
    ]);
    expect(VEHICLE_TYPE_VALUES).toEqual(['sedan', 'suv', 'pickup', 'truck', 'motorcycle', 'van', 'other']);
    expect(DEFAULT_VEHICLE_TYPE).toBe('sedan');
  });

  it('offers the 12 colors in the spec order', () => {
    expect(VEHICLE_COLORS).toHaveLength(12);
    expect([...VEHICLE_COLORS]).toEqual(SPEC_COLORS);
  });
});

describe('years (spec §3)', () => {
  const today = new Date('2026-06-01T12:00:00');

  it('offers the current year down to 1985 on registration', () => {
    const years = registrationYears(today);
    expect(years).toHaveLength(2026 - 1985 + 1);
    expect(years[0]).toBe('2026');
    expect(years.at(-1)).toBe('1985');
    expect(years).toEqual(Array.from({ length: 42 }, (_, index) => String(2026 - index)));
  });

  it('offers the current year and the previous 29 on edit', () => {
    const years = editYears(today);
    expect(years).toHaveLength(30);
    expect(years[0]).toBe('2026');
    expect(years.at(-1)).toBe('1997');
    expect(years).toEqual(Array.from({ length: 30 }, (_, index) => String(2026 - index)));
  });

  it.each([
    ['2026-01-01T00:30:00', '2026'],
    ['2025-12-31T23:30:00', '2025'],
    ['2030-07-15T12:00:00', '2030'],
  ])('starts at the year of the local date %s', (date, first) => {
    expect(registrationYears(new Date(date))[0]).toBe(first);
    expect(editYears(new Date(date))[0]).toBe(first);
    expect(registrationYears(new Date(date)).at(-1)).toBe('1985');
  });
});

/** Relative luminance (WCAG) of #rrggbb: 0 black, 1 white. */
function luminance(hex: string) {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Hue in degrees of #rrggbb. */
function hue(hex: string) {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map(
    (start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255,
  );
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  if (delta === 0) return 0;
  const h = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return (h * 60 + 360) % 360;
}

describe('theme presets (spec §3)', () => {
  const COLOR_KEYS = [
    'primaryColor',
    'backgroundColor',
    'textColor',
    'messageBubbleColor',
    'messageTextColor',
  ] as const;

  it('has the four presets, default first', () => {
    expect([...THEME_PRESET_VALUES]).toEqual(['default', 'sport', 'luxury', 'eco']);
    expect(Object.keys(THEME_PRESETS).sort()).toEqual(['default', 'eco', 'luxury', 'sport']);
    expect(DEFAULT_THEME_PRESET).toBe('default');
  });

  it.each(THEME_PRESET_VALUES)('%s has a name, a description and five #rrggbb colors', (preset) => {
    const theme = THEME_PRESETS[preset];
    expect(Object.keys(theme).sort()).toEqual(['description', 'name', ...COLOR_KEYS].sort());
    expect(theme.name.trim()).not.toBe('');
    expect(theme.description.trim()).not.toBe('');
    for (const key of COLOR_KEYS) expect(theme[key]).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it.each([
    // [preset, primary hue range, background is light?]
    { preset: 'default', hues: [200, 250], light: true, what: 'blue on white' },
    { preset: 'sport', hues: [345, 375], light: false, what: 'red on dark' },
    { preset: 'luxury', hues: [260, 310], light: false, what: 'purple on dark' },
    { preset: 'eco', hues: [90, 160], light: true, what: 'green on light' },
  ] as const)('$preset is $what', ({ preset, hues, light, what }) => {
    const theme = THEME_PRESETS[preset];
    const primaryHue = hue(theme.primaryColor);
    const unwrapped = primaryHue < hues[0] ? primaryHue + 360 : primaryHue;
    expect(unwrapped, `${what}: primary hue`).toBeGreaterThanOrEqual(hues[0]);
    expect(unwrapped, `${what}: primary hue`).toBeLessThanOrEqual(hues[1]);
    const background = luminance(theme.backgroundColor);
    if (light) expect(background, `${what}: background luminance`).toBeGreaterThan(0.8);
    else expect(background, `${what}: background luminance`).toBeLessThan(0.1);
    if (preset === 'default') expect(background).toBeGreaterThan(0.97);
    // Text readable on the background and in the bubble (WCAG contrast ≥ 4.5).
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    expect(contrast(theme.textColor, theme.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.messageTextColor, theme.messageBubbleColor)).toBeGreaterThanOrEqual(4.5);
  });
});
