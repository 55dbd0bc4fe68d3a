import { describe, expect, it } from 'vitest';
import {
  authTexts,
  emailRequestSchema,
  loginRequestSchema,
  passwordProblem,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from './auth.contract.js';

const firstMessage = (result: { success: boolean; error?: { message: string } }) =>
  result.success ? undefined : result.error?.message;

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

describe('fields of the wrong kind (every auth request)', () => {
  const EMAIL = 'ada@example.org';
  const PASSWORD = 'Abcdefg1';
  const schemas = {
    register: {
      schema: registerRequestSchema,
      valid: { email: EMAIL, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' },
      fields: { email: 'text', password: 'text', firstName: 'text', lastName: 'text' },
    },
    login: {
      schema: loginRequestSchema,
      valid: { email: EMAIL, password: PASSWORD, rememberMe: true },
      fields: { email: 'text', password: 'text', rememberMe: 'boolean' },
    },
    'forgot password / resend verification': {
      schema: emailRequestSchema,
      valid: { email: EMAIL },
      fields: { email: 'text' },
    },
    'reset password': {
      schema: resetPasswordRequestSchema,
      valid: { resetToken: 'token', newPassword: PASSWORD },
      fields: { resetToken: 'text', newPassword: 'text' },
    },
  } as const;

  const notText: unknown[] = [{}, [], ['ada@example.org'], true, false, 0, 42, { $ne: null }];
  const notBoolean: unknown[] = ['true', 'false', '', 0, 1, {}, [], { $ne: null }];

  const cases = Object.entries(schemas).flatMap(([request, { schema, valid, fields }]) =>
    Object.entries(fields).flatMap(([field, kind]) =>
      (kind === 'text' ? notText : notBoolean).map((value) => ({
        request,
        schema,
        field,
        value,
        body: { ...valid, [field]: value },
        expected: kind === 'text' ? `${field} must be text` : `${field} must be true or false`,
      })),
    ),
  );

  it.each(cases)('$request: $field = $value → "$expected"', ({ schema, body, expected }) => {
    expect(firstMessage(schema.safeParse(body))).toBe(expected);
  });

  it.each(Object.entries(schemas))('%s: the valid body passes', (_, { schema, valid }) => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it.each(
    Object.entries(schemas).flatMap(([request, { schema }]) =>
      [[], ['a'], 'text', 5, true, null, undefined].map((body) => ({ request, schema, body })),
    ),
  )('$request: refuses the body $body: not a JSON object', ({ schema, body }) => {
    expect(firstMessage(schema.safeParse(body))).toBe('Request body must be a JSON object');
  });

  it.each([
    {
      why: 'register: null email is missing',
      schema: registerRequestSchema,
      body: { email: null, password: PASSWORD },
      expected: authTexts.missingEmail,
    },
    {
      why: 'register: null password is missing',
      schema: registerRequestSchema,
      body: { email: EMAIL, password: null },
      expected: authTexts.missingPassword,
    },
    {
      why: 'login: null email is missing',
      schema: loginRequestSchema,
      body: { email: null, password: 'x' },
      expected: authTexts.missingCredentials,
    },
    {
      why: 'login: null password is missing',
      schema: loginRequestSchema,
      body: { email: EMAIL, password: null },
      expected: authTexts.missingCredentials,
    },
    {
      why: 'email request: null email is missing',
      schema: emailRequestSchema,
      body: { email: null },
      expected: authTexts.missingEmail,
    },
    {
      why: 'reset: null token is an invalid link',
      schema: resetPasswordRequestSchema,
      body: { resetToken: null, newPassword: PASSWORD },
      expected: authTexts.invalidResetLink,
    },
    {
      why: 'reset: null password is missing',
      schema: resetPasswordRequestSchema,
      body: { resetToken: 't', newPassword: null },
      expected: authTexts.missingPassword,
    },
    {
      why: 'a wrong kind comes before a missing value',
      schema: loginRequestSchema,
      body: { email: '', password: 5 },
      expected: 'password must be text',
    },
    {
      why: 'a wrong kind comes before a weak password',
      schema: registerRequestSchema,
      body: { email: EMAIL, password: 'weak', lastName: 1 },
      expected: 'lastName must be text',
    },
  ])('$why', ({ schema, body, expected }) => {
    expect(firstMessage(schema.safeParse(body))).toBe(expected);
  });

  it('optional fields may be absent or null', () => {
    expect(registerRequestSchema.parse({ email: EMAIL, password: PASSWORD, firstName: null })).toEqual({
      email: EMAIL,
      password: PASSWORD,
      firstName: null,
      lastName: null,
    });
    expect(loginRequestSchema.parse({ email: EMAIL, password: 'x', rememberMe: null }).rememberMe).toBe(
      false,
    );
  });

  it('ignores keys it does not know', () => {
    expect(emailRequestSchema.parse({ email: EMAIL, role: { admin: true } })).toEqual({ email: EMAIL });
  });
});
