import { describe, expect, it } from 'vitest';
import { errorCode } from './error-code.js';

describe('errorCode', () => {
  it('answers a string code, and nothing for anything else', () => {
    expect(errorCode(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe('ECONNREFUSED');
    expect(errorCode(Object.assign(new Error('odd'), { code: 42 }))).toBeUndefined();
    expect(errorCode(new Error('plain'))).toBeUndefined();
    expect(errorCode(null)).toBeUndefined();
    expect(errorCode(undefined)).toBeUndefined();
    expect(errorCode('text')).toBeUndefined();
  });
});
