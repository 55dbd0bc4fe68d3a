import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { forgetTexts, icu, readTextsFrom, texts } from './texts.js';

describe('texts read in the language of the moment (docs/decisions/0162)', () => {
  const sample = texts('zzSample', {
    title: 'Vehicle Found',
    cars: icu<{ count: number }>('{count, plural, one {# car} other {# cars}}'),
    nested: { hello: 'Hello {name}' },
    list: ['One', 'Two'],
  });
  const german = setupI18n({
    locale: 'de-DE',
    messages: {
      'de-DE': {
        'zzSample.title': ['Fahrzeug gefunden'],
        'zzSample.cars': compileMessage('{count, plural, one {# Auto} other {# Autos}}'),
        'zzSample.nested.hello': ['Hallo {name}'],
        'zzSample.list.1': ['Zwei'],
      },
    },
  });
  let restore = (): void => undefined;
  afterEach(() => restore());
  afterAll(() => forgetTexts('zzSample'));

  it('reads the English of the module where no catalogue is loaded', () => {
    restore = readTextsFrom(() => undefined);
    expect(sample.title).toBe('Vehicle Found');
    expect(sample.cars({ count: 2 })).toBe(
      '{count, plural, one {# car} other {# cars}}'.replace('{count}', '2'),
    );
    expect(sample.nested.hello).toBe('Hello {name}');
    expect(sample.list).toEqual(['One', 'Two']);
  });

  it('reads the catalogue of the language of the moment at each read, a plain text as it is written', () => {
    restore = readTextsFrom(() => german);
    expect(sample.title).toBe('Fahrzeug gefunden');
    expect(sample.cars({ count: 1 })).toBe('1 Auto');
    expect(sample.cars({ count: 3 })).toBe('3 Autos');
    // A plain text is not ICU: its braces are words.
    expect(sample.nested.hello).toBe('Hallo {name}');
    // What the catalogue lacks reads in English.
    expect(sample.list).toEqual(['One', 'Zwei']);
    expect({ ...sample.nested }).toEqual({ hello: 'Hallo {name}' });
  });

  it('refuses the same id defined twice with different words, and a bad namespace', () => {
    expect(() => texts('zzSample', { title: 'Another' })).toThrow('zzSample.title is defined twice');
    expect(() => texts('Bad name', { a: 'b' })).toThrow('Bad text namespace');
  });
});
