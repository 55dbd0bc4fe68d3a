import { describe, expect, it } from 'vitest';
import {
  authTexts,
  emailRequestSchema,
  loginRequestSchema,
  passwordProblem,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from './auth.js';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('password rules (reset form order, server too)', () => {
  it.each([
    ['', 'Please enter a new password'],
    ['Aa1', 'Password must be at least 8 characters long'],
    ['Aa1aaaa', 'Password must be at least 8 characters long'],
    ['abcdefgh', 'Password must contain uppercase, lowercase, and number'],
    ['abcdefg1', 'Password must contain uppercase, lowercase, and number'],
    ['ABCDEFG1', 'Password must contain uppercase, lowercase, and number'],
    ['Abcdefgh', 'Password must contain uppercase, lowercase, and number'],
    ['short', 'Password must be at least 8 characters long'],
    ['Abcdefg1', undefined],
    ['correct Horse 9', undefined],
  ])('%j → %s', (password, expected) => {
    expect(passwordProblem(password)).toBe(expected);
  });

  it('keeps the texts of spec §5', () => {
    expect(authTexts).toMatchObject({
      missingCredentials: 'Please enter both email and password',
      missingEmail: 'Please enter your email address',
      missingPassword: 'Please enter a new password',
      passwordsDontMatch: 'Please make sure both password fields match',
      passwordTooShort: 'Password must be at least 8 characters long',
      passwordTooWeak: 'Password must contain uppercase, lowercase, and number',
      invalidLogin: 'Invalid email or password',
      forgotPasswordSent: 'If an account with that email exists, a password reset link has been sent.',
      verificationSent: 'Please check your email for the verification link',
      invalidResetLink: 'This password reset link is invalid or expired',
    });
  });
});

describe('register request', () => {
  it('normalises the email and names', () => {
    const parsed = registerRequestSchema.parse({
      email: '  Ada@Example.ORG ',
      password: 'Abcdefg1',
      firstName: ' Ada ',
      lastName: '',
    });
    expect(parsed).toEqual({
      email: 'ada@example.org',
      password: 'Abcdefg1',
      firstName: 'Ada',
      lastName: null,
    });
  });

  it.each([
    [{ password: 'Abcdefg1' }, authTexts.missingEmail],
    [{ email: '', password: 'Abcdefg1' }, authTexts.missingEmail],
    [{ email: 'ada', password: 'Abcdefg1' }, authTexts.invalidEmail],
    [{ email: `${'a'.repeat(250)}@x.org`, password: 'Abcdefg1' }, authTexts.invalidEmail],
    [{ email: 'ada@example.org' }, authTexts.missingPassword],
    [{ email: 'ada@example.org', password: 'abc' }, authTexts.passwordTooShort],
    [{ email: 'ada@example.org', password: 'abcdefgh1' }, authTexts.passwordTooWeak],
    [{ email: 'ada@example.org', password: `Aa1${'x'.repeat(300)}` }, 'Password is too long'],
    [
      { email: 'ada@example.org', password: 'Abcdefg1', firstName: 'x'.repeat(101) },
      'Names can be at most 100 characters',
    ],
  ])('refuses %j: %s', (input, message) => {
    expect(firstMessage(registerRequestSchema.safeParse(input))).toBe(message);
  });
});

describe('login request', () => {
  it('defaults rememberMe to false and lowercases the email', () => {
    expect(loginRequestSchema.parse({ email: 'A@B.C', password: 'x' })).toEqual({
      email: 'a@b.c',
      password: 'x',
      rememberMe: false,
    });
    expect(loginRequestSchema.parse({ email: 'a@b.c', password: 'x', rememberMe: true }).rememberMe).toBe(
      true,
    );
  });

  it.each([
    [{}, authTexts.missingCredentials],
    [{ email: 'a@b.c' }, authTexts.missingCredentials],
    [{ password: 'x' }, authTexts.missingCredentials],
    [{ email: ' ', password: 'x' }, authTexts.missingCredentials],
    [{ email: 'a@b.c', password: '' }, authTexts.missingCredentials],
    [{ email: 'a@b.c', password: 'x', rememberMe: 'true' }, 'rememberMe must be true or false'],
  ])('refuses %j: %s', (input, message) => {
    expect(firstMessage(loginRequestSchema.safeParse(input))).toBe(message);
  });
});

describe('email request (forgot password, resend verification)', () => {
  it.each([
    [{}, authTexts.missingEmail],
    [{ email: '' }, authTexts.missingEmail],
    [{ email: 'nope' }, authTexts.invalidEmail],
  ])('refuses %j: %s', (input, message) => {
    expect(firstMessage(emailRequestSchema.safeParse(input))).toBe(message);
  });
});

describe('reset password request', () => {
  it.each([
    [{ newPassword: 'Abcdefg1' }, authTexts.invalidResetLink],
    [{ resetToken: '', newPassword: 'Abcdefg1' }, authTexts.invalidResetLink],
    [{ resetToken: 't', newPassword: '' }, authTexts.missingPassword],
    [{ resetToken: 't', newPassword: 'abcdefgh' }, authTexts.passwordTooWeak],
  ])('refuses %j: %s', (input, message) => {
    expect(firstMessage(resetPasswordRequestSchema.safeParse(input))).toBe(message);
  });

  it('accepts a token and a strong password', () => {
    expect(resetPasswordRequestSchema.parse({ resetToken: 't', newPassword: 'Abcdefg1' })).toEqual({
      resetToken: 't',
      newPassword: 'Abcdefg1',
    });
  });
});
