import { describe, expect, it } from 'vitest';
import { displayPlate, lookupPlateProblem, plateKey, registrationPlateProblem } from './plates.js';

// The texts of spec §5, word for word (not imported, so a changed text fails here).
const TOO_SHORT = 'License plate is too short';
const TOO_LONG = 'License plate is too long (max 10 characters)';
const NOT_REAL = 'Please enter a real license plate number';
const BAD_FORMAT = 'Please enter a valid license plate format';

/**
 * The seven plate pattern families of spec §5 Vehicle registration, transcribed here independently of
 * plates.ts (separator: optional hyphen or space, only where the spec names one). They only check that
 * each table row below really belongs to the family it names; the rule under test is plates.ts.
 */
const FAMILIES = {
  F1: /^[A-Z0-9]{2,3}[- ]?[A-Z0-9]{3,4}$/, // 2-3 alphanumerics, separator, 3-4 alphanumerics
  F2: /^[A-Z]{1,3}[0-9]{1,4}[A-Z]?$/, // 1-3 letters, 1-4 digits, optional letter
  F3: /^[0-9]{1,3}[A-Z]{1,4}[0-9]?$/, // 1-3 digits, 1-4 letters, optional digit
  F4: /^[A-Z0-9]{2,8}$/, // 2-8 alphanumerics
  F5: /^[A-Z0-9]{1,4}[- ]?[A-Z0-9]{1,4}$/, // 1-4 alphanumerics, separator, 1-4 alphanumerics
  F6: /^[A-Z]{1,2}[0-9]{2,4}[A-Z]{0,3}$/, // 1-2 letters, 2-4 digits, up to 3 letters
  F7: /^[0-9]{1,3}[A-Z]{2,3}[0-9]{1,3}$/, // 1-3 digits, 2-3 letters, 1-3 digits
} as const;
type Family = keyof typeof FAMILIES;
const familiesOf = (plate: string) =>
  (Object.keys(FAMILIES) as Family[]).filter((family) => FAMILIES[family].test(displayPlate(plate)));

describe('registrationPlateProblem: accepted plates, by pattern family (spec §5)', () => {
  // Note: F4 (2-8 alphanumerics) covers every separator-free plate of 2-8 characters, and F1 ⊂ F5, so
  // the families only stand alone at 9 characters (F6, F7) or with a separator (F5 beyond F1).
  const accepted: Array<{ plate: string; family: Family; note: string }> = [
    // F1: 2-3 alphanumerics, separator, 3-4 alphanumerics
    { plate: 'AB-123', family: 'F1', note: '2 + hyphen + 3' },
    { plate: 'AB 123', family: 'F1', note: '2 + space + 3' },
    { plate: 'AB123', family: 'F1', note: 'separator omitted' },
    { plate: 'ABC-1234', family: 'F1', note: '3 + hyphen + 4' },
    { plate: 'ABC 1234', family: 'F1', note: '3 + space + 4' },
    { plate: 'ABC1234', family: 'F1', note: '3 + 4, separator omitted' },
    { plate: '7AB-C12', family: 'F1', note: 'mixed alphanumerics both sides' },
    { plate: 'abc-1234', family: 'F1', note: 'lowercase is uppercased' },
    { plate: '  AB-123  ', family: 'F1', note: 'surrounding spaces are trimmed' },
    // F2: 1-3 letters, 1-4 digits, optional letter
    { plate: 'K9', family: 'F2', note: '1 letter + 1 digit, 2 characters' },
    { plate: 'A1234', family: 'F2', note: '1 letter + 4 digits' },
    { plate: 'AB12C', family: 'F2', note: 'with trailing letter' },
    { plate: 'ABC1234D', family: 'F2', note: '3 + 4 + 1, longest of F2' },
    { plate: 'xyz7', family: 'F2', note: 'lowercase' },
    // F3: 1-3 digits, 1-4 letters, optional digit
    { plate: '1A', family: 'F3', note: '1 digit + 1 letter, 2 characters' },
    { plate: '12AB', family: 'F3', note: '2 digits + 2 letters' },
    { plate: '7XYZ', family: 'F3', note: '1 digit + 3 letters' },
    { plate: '123ABCD4', family: 'F3', note: '3 + 4 + 1, longest of F3' },
    // F4: 2-8 alphanumerics
    { plate: 'AB', family: 'F4', note: '2 letters, shortest plate' },
    { plate: '12', family: 'F4', note: '"12" alone is not filler (no 3 follows)' },
    { plate: '1234', family: 'F4', note: 'digits, not 12 followed only by 3s' },
    { plate: '0001', family: 'F4', note: 'not only 0s' },
    { plate: 'ABCD', family: 'F4', note: 'not ABC repeated' },
    { plate: 'ABCAB', family: 'F4', note: 'not a whole number of ABC' },
    { plate: 'MYCAR1', family: 'F4', note: 'vanity plate' },
    { plate: 'A1B2C3D4', family: 'F4', note: '8 alternating, longest of F4' },
    { plate: 'XX123', family: 'F4', note: 'two Xs are not the XXX prefix' },
    { plate: 'ATEST1', family: 'F4', note: 'TEST inside, not as prefix' },
    { plate: 'DEM0', family: 'F4', note: 'DEM + zero is not DEMO' },
    // F5: 1-4 alphanumerics, separator, 1-4 alphanumerics
    { plate: 'A-1', family: 'F5', note: '1 + hyphen + 1' },
    { plate: 'A 1', family: 'F5', note: '1 + space + 1' },
    { plate: '1-ABCD', family: 'F5', note: '1 + hyphen + 4' },
    { plate: 'AB1C 2', family: 'F5', note: '4 + space + 1' },
    { plate: 'ABCD-1234', family: 'F5', note: '4 + hyphen + 4, 9 characters' },
    { plate: 'ABCD 1234', family: 'F5', note: '4 + space + 4, 9 characters' },
    { plate: 'abcd-12', family: 'F5', note: 'lowercase, 4 + hyphen + 2' },
    // F6: 1-2 letters, 2-4 digits, up to 3 letters
    { plate: 'AB12', family: 'F6', note: 'no trailing letters' },
    { plate: 'A12BCD', family: 'F6', note: '1 + 2 + 3' },
    { plate: 'A1234XYZ', family: 'F6', note: '1 + 4 + 3' },
    { plate: 'AB1234CDE', family: 'F6', note: '2 + 4 + 3, 9 characters: only F6 fits' },
    { plate: 'zz9999zzz', family: 'F6', note: '9 characters, lowercase' },
    // F7: 1-3 digits, 2-3 letters, 1-3 digits
    { plate: '1AB2', family: 'F7', note: '1 + 2 + 1' },
    { plate: '12ABC345', family: 'F7', note: '2 + 3 + 3' },
    { plate: '123ABC456', family: 'F7', note: '3 + 3 + 3, 9 characters: only F7 fits (not 123 filler)' },
    { plate: '999XYZ999', family: 'F7', note: '9 characters' },
  ];

  it.each(accepted)('$family $plate ($note) → accepted', ({ plate, family }) => {
    expect(familiesOf(plate)).toContain(family);
    expect(registrationPlateProblem(plate)).toBeUndefined();
  });

  it('covers each of the seven families with several examples', () => {
    for (const family of Object.keys(FAMILIES)) {
      expect(accepted.filter((row) => row.family === family).length).toBeGreaterThanOrEqual(4);
    }
  });
});

describe('registrationPlateProblem: refused plates, rules in order (spec §5)', () => {
  const refused: Array<{ plate: string; rule: string; expected: string }> = [
    // 1. shorter than 2 (after trimming)
    { plate: '', rule: 'too short', expected: TOO_SHORT },
    { plate: 'A', rule: 'too short', expected: TOO_SHORT },
    { plate: '7', rule: 'too short', expected: TOO_SHORT },
    { plate: '   A   ', rule: 'too short (trimmed to 1)', expected: TOO_SHORT },
    { plate: '-', rule: 'too short beats format', expected: TOO_SHORT },
    { plate: '0', rule: 'too short beats filler', expected: TOO_SHORT },
    // 2. longer than 10
    { plate: 'ABCDE123456', rule: 'too long, 11', expected: TOO_LONG },
    { plate: 'AB 1234 CDE', rule: 'too long beats format', expected: TOO_LONG },
    { plate: 'TESTTESTTES', rule: 'too long beats fake prefix', expected: TOO_LONG },
    { plate: '12333333333', rule: 'too long beats filler', expected: TOO_LONG },
    { plate: 'ABCDEFGHIJKLMNOP', rule: 'too long, 16', expected: TOO_LONG },
    // 3. fake prefixes TEST, FAKE, DEMO, SAMPLE, XXX (input uppercased first)
    { plate: 'TEST', rule: 'fake prefix', expected: NOT_REAL },
    { plate: 'TEST123', rule: 'fake prefix', expected: NOT_REAL },
    { plate: 'test1', rule: 'fake prefix, lowercase', expected: NOT_REAL },
    { plate: 'TESTTESTTE', rule: 'fake prefix, exactly 10', expected: NOT_REAL },
    { plate: 'FAKE', rule: 'fake prefix', expected: NOT_REAL },
    { plate: 'FAKE-1', rule: 'fake prefix, with separator', expected: NOT_REAL },
    { plate: 'fake 12', rule: 'fake prefix, lowercase, space', expected: NOT_REAL },
    { plate: 'DEMO99', rule: 'fake prefix', expected: NOT_REAL },
    { plate: 'Demo', rule: 'fake prefix, mixed case', expected: NOT_REAL },
    { plate: 'SAMPLE', rule: 'fake prefix', expected: NOT_REAL },
    { plate: 'sample1', rule: 'fake prefix, lowercase', expected: NOT_REAL },
    { plate: 'XXX', rule: 'fake prefix', expected: NOT_REAL },
    { plate: 'XXX123', rule: 'fake prefix', expected: NOT_REAL },
    { plate: 'xxx-99', rule: 'fake prefix, lowercase, hyphen', expected: NOT_REAL },
    { plate: 'TEST-12-AB', rule: 'fake prefix beats format', expected: NOT_REAL },
    // 3. filler: "12" followed by 3s, ABC repeated, 0s repeated
    { plate: '123', rule: 'filler 12 + 3', expected: NOT_REAL },
    { plate: '1233', rule: 'filler 12 + 33', expected: NOT_REAL },
    { plate: '12333', rule: 'filler 12 + 333', expected: NOT_REAL },
    { plate: 'ABC', rule: 'filler ABC', expected: NOT_REAL },
    { plate: 'ABCABC', rule: 'filler ABC repeated', expected: NOT_REAL },
    { plate: 'abcabcabc', rule: 'filler ABC repeated, lowercase', expected: NOT_REAL },
    { plate: '00', rule: 'filler 0s', expected: NOT_REAL },
    { plate: '0000', rule: 'filler 0s', expected: NOT_REAL },
    { plate: '0000000000', rule: 'filler 0s, exactly 10', expected: NOT_REAL },
    // 4. fits no family
    { plate: 'AB-12-CD', rule: 'two hyphens', expected: BAD_FORMAT },
    { plate: 'AB 12 CD', rule: 'two spaces', expected: BAD_FORMAT },
    { plate: 'AB--12', rule: 'double hyphen', expected: BAD_FORMAT },
    { plate: 'AB  12', rule: 'double space', expected: BAD_FORMAT },
    { plate: 'AB- 12', rule: 'hyphen and space', expected: BAD_FORMAT },
    { plate: '-AB12', rule: 'leading hyphen', expected: BAD_FORMAT },
    { plate: 'AB12-', rule: 'trailing hyphen', expected: BAD_FORMAT },
    { plate: 'A.B', rule: 'dot', expected: BAD_FORMAT },
    { plate: 'AB_12', rule: 'underscore', expected: BAD_FORMAT },
    { plate: 'AB$12', rule: 'dollar', expected: BAD_FORMAT },
    { plate: 'AB/12', rule: 'slash', expected: BAD_FORMAT },
    { plate: 'AB\t12', rule: 'tab is not a named separator', expected: BAD_FORMAT },
    { plate: 'ÄB12', rule: 'non-ASCII letter', expected: BAD_FORMAT },
    { plate: 'ABCDEFGHI', rule: '9 letters: no family', expected: BAD_FORMAT },
    { plate: '123456789', rule: '9 digits: no family', expected: BAD_FORMAT },
    { plate: 'AB12345CD', rule: '9: F6 with 5 digits', expected: BAD_FORMAT },
    { plate: 'ABC1234DE', rule: '9: F6 with 3 leading letters', expected: BAD_FORMAT },
    { plate: '1234ABC56', rule: '9: F7 with 4 leading digits', expected: BAD_FORMAT },
    { plate: 'ABCDE-123', rule: '9: F5 with 5 before the separator', expected: BAD_FORMAT },
    { plate: 'AB-12345', rule: '8: 5 after the separator', expected: BAD_FORMAT },
    { plate: 'AB1234CDEF', rule: 'exactly 10: no family is that long', expected: BAD_FORMAT },
    { plate: 'ABCD-12345', rule: 'exactly 10 with separator', expected: BAD_FORMAT },
    { plate: 'ABCDE12345', rule: 'exactly 10 alphanumerics', expected: BAD_FORMAT },
  ];

  it.each(refused)('$plate ($rule) → $expected', ({ plate, expected }) => {
    if (expected === BAD_FORMAT) expect(familiesOf(plate)).toEqual([]);
    expect(registrationPlateProblem(plate)).toBe(expected);
  });
});

// Read literally, spec §5 would accept these (as entered they hold a separator and fit a family), but a
// separator does not make a fake plate real: realness is judged on the plate key
// (docs/decisions/0020-vehicle-rules.md).
describe('registrationPlateProblem: realness is judged without separators', () => {
  it.each([
    { plate: 'TE-ST12', family: 'F1' as Family },
    { plate: 'XX-X1', family: 'F5' as Family },
    { plate: 'DE MO1', family: 'F1' as Family },
    { plate: '12-33', family: 'F5' as Family },
    { plate: 'ABC-ABC', family: 'F1' as Family },
    { plate: '00 00', family: 'F5' as Family },
  ])('$family $plate → refused as not real', ({ plate, family }) => {
    expect(familiesOf(plate)).toContain(family);
    expect(registrationPlateProblem(plate)).toBe('Please enter a real license plate number');
  });
});

describe('plateKey and displayPlate (ADDENDUM §4)', () => {
  it.each(['ABC-1234', 'abc 1234', 'ABC1234', 'abc-1234', ' Abc 1234 ', 'ABC--1234', 'A B C 1 2 3 4'])(
    '%j → ABC1234',
    (plate) => {
      expect(plateKey(plate)).toBe('ABC1234');
    },
  );

  it('removes every space and hyphen', () => {
    expect(plateKey(' a b-c ')).toBe('ABC');
    expect(plateKey('--x--')).toBe('X');
  });

  it.each([
    ['abc-1234', 'ABC-1234'],
    ['  abc 1234  ', 'ABC 1234'],
    ['ABC1234', 'ABC1234'],
    [' a b-c ', 'A B-C'],
  ])('displayPlate(%j) → %j (trimmed, uppercased, inner separators kept)', (plate, shown) => {
    expect(displayPlate(plate)).toBe(shown);
  });
});

describe('lookupPlateProblem: spec §5 Licence plate lookup, in order', () => {
  const error = (message: string) => ({ title: 'Error', message });
  const invalid = (message: string) => ({ title: 'Invalid License Plate', message });
  const EMPTY = error('Please enter a license plate number');
  const TOO_LONG_15 = invalid('License plate is too long (max 15 characters)');
  const NO_ALNUM = invalid('License plate must contain letters or numbers');
  const NOT_REAL_LOOKUP = invalid('Please enter a real license plate number');
  const BAD_CHARS = invalid('License plate can only contain letters, numbers, spaces, and hyphens');
  // Rule 2 ("Fewer than 1 character": "License plate is required") cannot be reached after rule 1.

  it.each([
    // 1. empty after trimming
    { plate: '', rule: 'empty', expected: EMPTY },
    { plate: '   ', rule: 'spaces only', expected: EMPTY },
    { plate: '\t\n ', rule: 'whitespace only', expected: EMPTY },
    // 3. more than 15 characters
    { plate: 'ABCDEFGHIJKLMNOP', rule: '16 characters', expected: TOO_LONG_15 },
    { plate: 'ABC-1234-ABC-123', rule: '16 with hyphens', expected: TOO_LONG_15 },
    {
      plate: '$$$$$$$$$$$$$$$$',
      rule: '16 symbols: too long before the character rules',
      expected: TOO_LONG_15,
    },
    { plate: 'AB$12AB$12AB$12!', rule: '16 with letters and symbols: too long first', expected: TOO_LONG_15 },
    { plate: 'TESTTESTTESTTEST', rule: '16: too long before the fake words', expected: TOO_LONG_15 },
    // 4. no letter or digit once hyphens and spaces are removed
    { plate: '---', rule: 'hyphens only', expected: NO_ALNUM },
    { plate: '- -', rule: 'hyphens and a space', expected: NO_ALNUM },
    { plate: '$$$', rule: 'symbols only: rule 4 before rule 6', expected: NO_ALNUM },
    { plate: '-$-', rule: 'hyphens and a symbol', expected: NO_ALNUM },
    // 5. exactly TEST, FAKE, DEMO or SAMPLE, any case
    { plate: 'TEST', rule: 'TEST', expected: NOT_REAL_LOOKUP },
    { plate: 'test', rule: 'test', expected: NOT_REAL_LOOKUP },
    { plate: 'Demo', rule: 'Demo', expected: NOT_REAL_LOOKUP },
    { plate: ' fake ', rule: 'fake, trimmed', expected: NOT_REAL_LOOKUP },
    { plate: 'SAMPLE', rule: 'SAMPLE', expected: NOT_REAL_LOOKUP },
    { plate: 'sAmPlE', rule: 'mixed case', expected: NOT_REAL_LOOKUP },
    // 6. only letters, digits, spaces and hyphens
    { plate: 'AB$12', rule: 'dollar', expected: BAD_CHARS },
    { plate: 'AB.12', rule: 'dot', expected: BAD_CHARS },
    { plate: 'AB_12', rule: 'underscore', expected: BAD_CHARS },
    { plate: 'AB/12', rule: 'slash', expected: BAD_CHARS },
    { plate: 'TEST!', rule: 'not exactly TEST, so the character rule', expected: BAD_CHARS },
    { plate: 'ABC$DEFGHIJKLMN', rule: '15 with a symbol', expected: BAD_CHARS },
  ])('$plate ($rule) → $expected.message', ({ plate, expected }) => {
    expect(lookupPlateProblem(plate)).toEqual(expected);
  });

  it.each([
    ['ABC-1234', 'hyphen'],
    ['abc 1234', 'space, lowercase'],
    ['A', 'one character'],
    ['7', 'one digit'],
    ['ABCDEFGHIJKLMNO', 'exactly 15'],
    ['A-B-C-D-E-F-G-H', 'exactly 15 with hyphens'],
    ['  ABCDEFGHIJKLMNO  ', '15 once trimmed'],
    ['-A-', 'one letter among hyphens'],
    ['TEST123', 'TEST only refused as the exact word'],
    ['TESTS', 'not exactly TEST'],
    ['DEMO 1', 'not exactly DEMO'],
    ['XXX', 'XXX is not a lookup fake word'],
    ['123', 'filler is not a lookup rule'],
    ['ABCDEFGHIJK', 'longer than registration allows'],
  ])('%j (%s) → accepted', (plate) => {
    expect(lookupPlateProblem(plate)).toBeUndefined();
  });
});
