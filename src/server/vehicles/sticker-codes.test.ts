import { describe, expect, it } from 'vitest';
import { SHORT_CODE_ALPHABET } from '../../shared/vehicles/sticker-code.js';
import { VERIFICATION_WORDS } from '../../shared/vehicles/verification-words.js';
import { generateShortCode, pickVerificationWord } from './sticker-codes.js';

describe('drawing sticker codes', () => {
  it('draws 8 Crockford characters, every one of the 32 in use, codes not repeating', () => {
    const codes = Array.from({ length: 2000 }, generateShortCode);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(codes.join('')).size).toBe(SHORT_CODE_ALPHABET.length);
  });

  it('draws words from the list, many of them', () => {
    const words = Array.from({ length: 2000 }, pickVerificationWord);
    for (const word of words) expect(VERIFICATION_WORDS).toContain(word);
    expect(new Set(words).size).toBeGreaterThan(VERIFICATION_WORDS.length / 2);
  });
});
