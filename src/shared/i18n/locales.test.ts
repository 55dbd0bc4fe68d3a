import { describe, expect, it } from 'vitest';
import { acceptedLanguages, matchLocale, negotiateLocale } from './locales.js';

describe('picking the language (docs/decisions/0162)', () => {
  it('matches a tag, then its language; every Chinese reads zh-CN; else nothing', () => {
    expect(matchLocale('de-DE')).toBe('de-DE');
    expect(matchLocale('DE-at')).toBe('de-DE');
    expect(matchLocale('de')).toBe('de-DE');
    expect(matchLocale('en-GB')).toBe('en-US');
    expect(matchLocale('zh-TW')).toBe('zh-CN');
    expect(matchLocale('zh-Hans-CN')).toBe('zh-CN');
    expect(matchLocale('fr-FR')).toBeUndefined();
    expect(matchLocale('*')).toBeUndefined();
    expect(matchLocale('')).toBeUndefined();
  });

  it('takes the first language the app speaks, in the order asked, else en-US', () => {
    expect(negotiateLocale(['fr-FR', 'de-CH', 'en-US'])).toBe('de-DE');
    expect(negotiateLocale(['fr', 'it'])).toBe('en-US');
    expect(negotiateLocale([])).toBe('en-US');
  });

  it('reads Accept-Language by q, then order, leaving out q=0 and what is malformed', () => {
    expect(acceptedLanguages('fr;q=0.5, zh-CN, de;q=0.9')).toEqual(['zh-CN', 'de', 'fr']);
    expect(acceptedLanguages('de;q=0, en')).toEqual(['en']);
    expect(acceptedLanguages('de;q=abc, <script>, en-US;q=0.1')).toEqual(['en-US']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(negotiateLocale(acceptedLanguages('fr-CH, fr;q=0.9, de;q=0.8, *;q=0.5'))).toBe('de-DE');
  });
});
