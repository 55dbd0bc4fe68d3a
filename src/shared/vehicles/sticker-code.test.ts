import { describe, expect, it } from 'vitest';
import { formatShortCode, normaliseShortCode } from './sticker-code.js';
import { VERIFICATION_WORDS } from './verification-words.js';

describe('a typed short code', () => {
  it.each([
    ['7K3M-Q9XA', '7K3MQ9XA'],
    ['7k3mq9xa', '7K3MQ9XA'],
    [' 7k3m q9xa ', '7K3MQ9XA'],
    ['7K3M--Q9XA', '7K3MQ9XA'],
    ['SAMPLE00', 'SAMP1E00'],
    ['sampIeOO', 'SAMP1E00'],
  ])('reads %j as %s', (typed, code) => {
    expect(normaliseShortCode(typed)).toBe(code);
  });

  it.each(['', '7K3MQ9X', '7K3MQ9XAB', '7K3MQ9XU', '7K3M_Q9XA', '7K3M/Q9XA', `7K3MQ9XA${' '.repeat(40)}`])(
    'refuses %j',
    (typed) => {
      expect(normaliseShortCode(typed)).toBeUndefined();
    },
  );

  it('is shown XXXX-XXXX', () => {
    expect(formatShortCode('7K3MQ9XA')).toBe('7K3M-Q9XA');
  });
});

describe('the verification words', () => {
  it('are a few hundred short capitalised words, each once', () => {
    expect(VERIFICATION_WORDS.length).toBeGreaterThanOrEqual(256);
    expect(new Set(VERIFICATION_WORDS).size).toBe(VERIFICATION_WORDS.length);
    for (const word of VERIFICATION_WORDS) expect(word).toMatch(/^[A-Z]{3,8}$/);
  });
});
