import * as c from '../contract.js';
import { LOCALES } from '../i18n/locales.js';
import { icu, texts } from '../i18n/texts.js';

/**
 * A readable twin of the HttpOnly session cookie, set and cleared with it, holding only "1": the page cannot
 * see the session cookie, and auto-login (spec §4) needs to know whether this browser holds one
 * (docs/decisions/0103-remember-me-auto-login-privacy-mode.md). It signs nobody in.
 */
export const SESSION_HINT_COOKIE = 'session-hint';

/** Texts of the auth screens that the server sends too (spec §5, §8); kept once, here. */
export const authTexts = texts('auth', {
  missingCredentials: 'Please enter both email and password',
  missingEmail: 'Please enter your email address',
  invalidEmail: 'Please enter a valid email address',
  missingPassword: 'Please enter a new password',
  passwordsDontMatch: 'Please make sure both password fields match',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooWeak: 'Password must contain uppercase, lowercase, and number',
  invalidLogin: 'Invalid email or password',
  forgotPasswordSent: 'If an account with that email exists, a password reset link has been sent.',
  verificationSent: 'Please check your email for the verification link',
  registered: 'Account created. Please check your email for the verification link',
  invalidResetLink: 'This password reset link is invalid or expired',
  invalidVerificationLink: 'This verification link is invalid or has expired. Sign in to get a new one.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
  welcomeBack: 'Welcome back!',
  sessionExtended: 'Session extended',
  sessionExpired: 'Your session has expired. Please sign in again.',
  loggedOut: "You've been successfully logged out.",
  signInRequired: 'Please sign in to continue',
  verifyEmailFirst: 'Please verify your email address to continue',
  emailVerifiedSignIn: 'Your email address has been verified. Sign in to continue.',
  oidcNotConfigured: 'Sign-in with an external provider is not configured on this server',
  oidcFailed: 'Sign-in with the external provider failed. Please try again.',
  oidcUnreachable: 'The sign-in provider cannot be reached right now. Please try again in a few moments.',
  deletePasswordMissing: 'Please enter your password to delete your account',
  deletePasswordWrong: 'The password is not correct. Your account has not been deleted.',
  deleteNeedsFreshSignIn: 'Please sign in again with your provider to delete your account.',
  accountDeleted: 'Your account and everything in it have been deleted.',
  passwordTooLong: 'Password is too long',
  nameTooLong: icu<{ max: number }>('Names can be at most {max} characters'),
});

/**
 * How recently an account without a password must have signed in with its provider to delete itself
 * (docs/decisions/0149): the provider's sign-in is its confirmation, as the password is for others.
 */
export const DELETE_FRESH_SIGN_IN_MS = 5 * 60_000;

export const PASSWORD_MIN_LENGTH = 8;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;

/** The password rules of the reset form, in its order (spec §5 Reset password); the server applies them too. */
export function passwordProblem(password: string): string | undefined {
  if (password.length === 0) return authTexts.missingPassword;
  if (password.length < PASSWORD_MIN_LENGTH) return authTexts.passwordTooShort;
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/[0-9]/.test(password)) {
    return authTexts.passwordTooWeak;
  }
  return undefined;
}

/** zod's "practical" address pattern (the one the server used before, docs/decisions/0132). */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const toLowerCase = (value: string) => value.toLowerCase();

const email = () =>
  c.map(
    c.check(
      c.text({ required: authTexts.missingEmail, trim: true }),
      c.maxLength(EMAIL_MAX_LENGTH, authTexts.invalidEmail),
      (value) => (EMAIL_PATTERN.test(value) ? undefined : authTexts.invalidEmail),
    ),
    toLowerCase,
  );

const newPassword = () =>
  c.check(
    c.text({ required: authTexts.missingPassword }),
    c.maxLength(PASSWORD_MAX_LENGTH, authTexts.passwordTooLong),
    passwordProblem,
  );

const name = () =>
  c.map(
    c.optional(
      c.check(
        c.text({ trim: true }),
        c.maxLength(NAME_MAX_LENGTH, authTexts.nameTooLong({ max: NAME_MAX_LENGTH })),
      ),
    ),
    (value) => value || null,
  );

/**
 * Each request's fields and their kinds: a value of another kind is refused before the rules run
 * (contract.ts requestBody); absent or null is "no value", which the rules call missing or leave out.
 */
export const registerRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody(
    { email: 'text', password: 'text', firstName: 'text', lastName: 'text' },
    c.object({ email: email(), password: newPassword(), firstName: name(), lastName: name() }),
  ),
);
export type RegisterRequest = c.Input<typeof registerRequestSchema>;
export type RegisterInput = c.Infer<typeof registerRequestSchema>;

/**
 * Spec §5 Login and register: both forms ask for an email and a password before the call; the login
 * request starts with the same rules.
 */
const credentialEmail = () => c.text({ required: authTexts.missingCredentials, trim: true });
const credentialPassword = () => c.text({ required: authTexts.missingCredentials });
export const credentialsSchema = /* @__PURE__ */ c.lazy(() =>
  c.object({ email: credentialEmail(), password: credentialPassword() }),
);

export const loginRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody(
    { email: 'text', password: 'text', rememberMe: 'boolean' },
    c.object({
      email: c.map(
        c.check(credentialEmail(), c.maxLength(EMAIL_MAX_LENGTH, authTexts.invalidLogin)),
        toLowerCase,
      ),
      password: c.check(credentialPassword(), c.maxLength(PASSWORD_MAX_LENGTH, authTexts.invalidLogin)),
      rememberMe: c.map(c.optional(c.boolean), (value) => value ?? false),
    }),
  ),
);
export type LoginRequest = c.Input<typeof loginRequestSchema>;
export type LoginInput = c.Infer<typeof loginRequestSchema>;

/** Forgot password and resend verification. */
export const emailRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody({ email: 'text' }, c.object({ email: email() })),
);
export type EmailRequest = c.Input<typeof emailRequestSchema>;
export type EmailInput = c.Infer<typeof emailRequestSchema>;

export const resetPasswordRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody(
    { resetToken: 'text', newPassword: 'text' },
    c.object({
      resetToken: c.check(
        c.text({ required: authTexts.invalidResetLink }),
        c.maxLength(200, authTexts.invalidResetLink),
      ),
      newPassword: newPassword(),
    }),
  ),
);
export type ResetPasswordRequest = c.Input<typeof resetPasswordRequestSchema>;
export type ResetPasswordInput = c.Infer<typeof resetPasswordRequestSchema>;

/** DELETE /api/auth/user: the password confirms it; an account without one signs in afresh (0149). */
export const deleteAccountRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody(
    { password: 'text' },
    c.object({
      password: c.optional(
        c.check(c.text(), c.maxLength(PASSWORD_MAX_LENGTH, authTexts.deletePasswordWrong)),
      ),
    }),
  ),
);
export type DeleteAccountRequest = c.Input<typeof deleteAccountRequestSchema>;
export type DeleteAccountInput = c.Infer<typeof deleteAccountRequestSchema>;

/** The token of a verification link (its query string); anything else is an invalid link. */
export const verificationTokenSchema = /* @__PURE__ */ c.lazy(() =>
  c.check(
    c.text({ required: authTexts.invalidVerificationLink }),
    c.maxLength(200, authTexts.invalidVerificationLink),
  ),
);

export const AUTH_PROVIDERS = ['email', 'oidc'] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

// Response contracts: what the server answers and the client reads.

/** What GET /api/auth/user answers for the signed-in user. */
export const userSchema = c.object({
  id: c.string,
  email: c.string,
  emailVerified: c.boolean,
  firstName: c.nullable(c.string),
  lastName: c.nullable(c.string),
  authProvider: c.oneOf(AUTH_PROVIDERS),
  /** The language the account chose; null: the browser decides (issue 36, docs/decisions/0164). */
  locale: c.nullable(c.oneOf(LOCALES)),
});
export type User = c.Infer<typeof userSchema>;

/** GET /api/auth/user answers null when nobody is signed in. */
export const currentUserSchema = c.nullable(userSchema);

/** What register and login answer. */
export const authResultSchema = c.object({
  emailVerificationRequired: c.boolean,
  message: c.string,
});
export type AuthResult = c.Infer<typeof authResultSchema>;

/** What GET /api/auth/providers answers: which sign-in buttons to show. */
export const authProvidersSchema = c.object({
  oidc: c.nullable(c.object({ name: c.string })),
});
export type AuthProviders = c.Infer<typeof authProvidersSchema>;

/** What a call that only confirms answers (logout, forgot-password, ...). */
export const messageResultSchema = c.object({ message: c.string });
export type MessageResult = c.Infer<typeof messageResultSchema>;
