import { describe, expect, it } from 'vitest';
import { authTexts } from '../../../shared/auth/auth.contract.js';
import { resetPasswordProblem } from './reset-password-rules.js';

describe('resetPasswordProblem', () => {
  it.each([
    ['', '', 'Missing password', authTexts.missingPassword],
    ['', 'Abcdefg1', 'Missing password', authTexts.missingPassword],
    ['short', 'other', "Passwords don't match", authTexts.passwordsDontMatch],
    ['Abcdefg1', 'Abcdefg2', "Passwords don't match", authTexts.passwordsDontMatch],
    ['Abc1', 'Abc1', 'Password too short', authTexts.passwordTooShort],
    ['abcdefgh', 'abcdefgh', 'Password too weak', authTexts.passwordTooWeak],
    ['ABCDEFG1', 'ABCDEFG1', 'Password too weak', authTexts.passwordTooWeak],
    ['Abcdefgh', 'Abcdefgh', 'Password too weak', authTexts.passwordTooWeak],
  ])('"%s" / "%s" gives %s', (password, confirmation, title, description) => {
    expect(resetPasswordProblem(password, confirmation)).toEqual({ title, description });
  });

  it('accepts a strong matching password', () => {
    expect(resetPasswordProblem('Abcdefg1', 'Abcdefg1')).toBeUndefined();
  });
});
