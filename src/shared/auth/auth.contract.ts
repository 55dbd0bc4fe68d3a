import * as z from 'zod/mini';
import * as c from '../contract.js';
import { checked, requestBody } from '../request-fields.js';

/** Texts of the auth screens that the server sends too (spec §5, §8); kept once, here. */
/**
 * A readable twin of the HttpOnly session cookie, set and cleared with it, holding only "1": the page cannot
 * see the session cookie, and auto-login (spec §4) needs to know whether this browser holds one
 * (docs/decisions/0103-remember-me-auto-login-privacy-mode.md). It signs nobody in.
 */
export const SESSION_HINT_COOKIE = 'session-hint';

export const authTexts = {
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
} as const;

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

const email = () =>
  z.pipe(
    z.pipe(
      checked(
        z.string({ error: authTexts.missingEmail }),
        z.trim(),
        z.minLength(1, authTexts.missingEmail),
        z.maxLength(EMAIL_MAX_LENGTH, authTexts.invalidEmail),
      ),
      z.email({ error: authTexts.invalidEmail }),
    ),
    z.transform((value: string) => value.toLowerCase()),
  );

const newPassword = () =>
  checked(
    z.string({ error: authTexts.missingPassword }),
    z.maxLength(PASSWORD_MAX_LENGTH, 'Password is too long'),
    z.superRefine((value: string, ctx) => {
      const problem = passwordProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  );

const name = () =>
  z.pipe(
    z.nullish(
      checked(
        z.string(),
        z.trim(),
        z.maxLength(NAME_MAX_LENGTH, `Names can be at most ${NAME_MAX_LENGTH} characters`),
      ),
    ),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  );

/**
 * Each request's fields and their kinds: a value of another kind is refused before the rules run
 * (request-fields.ts); absent or null is "no value", which the rules call missing or leave out.
 */
const registerFields = () =>
  z.object({ email: email(), password: newPassword(), firstName: name(), lastName: name() });
export const registerRequestSchema = /* @__PURE__ */ z.lazy(() =>
  requestBody({ email: 'text', password: 'text', firstName: 'text', lastName: 'text' }, registerFields()),
);
export type RegisterRequest = z.input<ReturnType<typeof registerFields>>;
export type RegisterInput = z.output<typeof registerRequestSchema>;

const loginFields = () =>
  z.object({
    email: z.pipe(
      checked(
        z.string({ error: authTexts.missingCredentials }),
        z.trim(),
        z.minLength(1, authTexts.missingCredentials),
        z.maxLength(EMAIL_MAX_LENGTH, authTexts.invalidLogin),
      ),
      z.transform((value: string) => value.toLowerCase()),
    ),
    password: checked(
      z.string({ error: authTexts.missingCredentials }),
      z.minLength(1, authTexts.missingCredentials),
      z.maxLength(PASSWORD_MAX_LENGTH, authTexts.invalidLogin),
    ),
    rememberMe: z.pipe(
      z.nullish(z.boolean()),
      z.transform((value: boolean | null | undefined) => value ?? false),
    ),
  });
export const loginRequestSchema = /* @__PURE__ */ z.lazy(() =>
  requestBody({ email: 'text', password: 'text', rememberMe: 'boolean' }, loginFields()),
);
export type LoginRequest = z.input<ReturnType<typeof loginFields>>;
export type LoginInput = z.output<typeof loginRequestSchema>;

const emailFields = () => z.object({ email: email() });
/** Forgot password and resend verification. */
export const emailRequestSchema = /* @__PURE__ */ z.lazy(() => requestBody({ email: 'text' }, emailFields()));
export type EmailRequest = z.input<ReturnType<typeof emailFields>>;
export type EmailInput = z.output<typeof emailRequestSchema>;

const resetPasswordFields = () =>
  z.object({
    resetToken: checked(
      z.string({ error: authTexts.invalidResetLink }),
      z.minLength(1, authTexts.invalidResetLink),
      z.maxLength(200, authTexts.invalidResetLink),
    ),
    newPassword: newPassword(),
  });
export const resetPasswordRequestSchema = /* @__PURE__ */ z.lazy(() =>
  requestBody({ resetToken: 'text', newPassword: 'text' }, resetPasswordFields()),
);
export type ResetPasswordRequest = z.input<ReturnType<typeof resetPasswordFields>>;
export type ResetPasswordInput = z.output<typeof resetPasswordRequestSchema>;

/** The token of a verification link (its query string); anything else is an invalid link. */
export const verificationTokenSchema = /* @__PURE__ */ z.lazy(() =>
  checked(z.string(), z.minLength(1), z.maxLength(200)),
);

export const AUTH_PROVIDERS = ['email', 'oidc'] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

// Response contracts (./contract.ts): what the server answers and the client reads, defined once.

/** What GET /api/auth/user answers for the signed-in user. */
export const userSchema = c.object({
  id: c.string,
  email: c.string,
  emailVerified: c.boolean,
  firstName: c.nullable(c.string),
  lastName: c.nullable(c.string),
  authProvider: c.oneOf(AUTH_PROVIDERS),
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
