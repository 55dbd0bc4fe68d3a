import {
  type AuthResult,
  authTexts,
  emailRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '../../shared/auth.js';
import { ErrorCode } from '../../shared/errors.js';
import type { Mail, Mailer } from '../mail/mailer.js';
import { accountExistsMail, resetPasswordMail, verifyEmailMail } from '../mail/templates.js';
import { HttpError } from '../plugins/errors.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { rateLimits } from '../rate-limit/rules.js';
import type { AuthRepo } from './auth.repo.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import { generateToken, hashToken } from './tokens.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const SESSION_LIFETIME = {
  /** "Remember me": a persistent cookie, kept 30 days after the last refresh. */
  persistent: 30 * DAY,
  /** A browser-session cookie; the server forgets it after a day without refresh. */
  browserSession: DAY,
} as const;

export const VERIFICATION_LIFETIME = { 'verify-email': DAY, 'reset-password': HOUR } as const;

export interface AuthServiceDeps {
  repo: AuthRepo;
  mailer: Mailer;
  limiter: RateLimiter;
  appOrigin: string;
  now: () => number;
  /** Mail goes out after the answer, so a failing send is not revealed; failures are reported here. */
  onMailError: (error: unknown) => void;
}

export interface NewSession {
  token: string;
  isPersistent: boolean;
  expiresAt: number;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { repo, limiter, now } = deps;

  function deliver(mail: Mail) {
    deps.mailer.send(mail).catch(deps.onMailError);
  }

  async function issueVerification(userId: string, purpose: 'verify-email' | 'reset-password') {
    const token = generateToken();
    await repo.replaceVerification(
      { userId, purpose, tokenHash: hashToken(token), expiresAt: now() + VERIFICATION_LIFETIME[purpose] },
      now(),
    );
    return token;
  }

  async function sendVerificationMail(userId: string, email: string) {
    const token = await issueVerification(userId, 'verify-email');
    deliver(verifyEmailMail(email, `${deps.appOrigin}/api/auth/verify-email?token=${token}`));
  }

  async function startSession(userId: string, isPersistent: boolean): Promise<NewSession> {
    const token = generateToken();
    const expiresAt = now() + (isPersistent ? SESSION_LIFETIME.persistent : SESSION_LIFETIME.browserSession);
    await repo.insertSession({ tokenHash: hashToken(token), userId, isPersistent, expiresAt }, now());
    return { token, isPersistent, expiresAt };
  }

  return {
    startSession,

    /**
     * Creates an unverified account and mails its verification link. An address that already has an
     * account gets a mail saying so instead; the answer is the same either way (ADDENDUM §10).
     */
    async register(input: unknown, clientIp: string): Promise<AuthResult> {
      const request = registerRequestSchema.parse(input);
      await limiter.consume(rateLimits.registrationPerIp, clientIp);
      const passwordHash = await hashPassword(request.password);
      const created = await repo.insertUser(
        {
          email: request.email,
          passwordHash,
          firstName: request.firstName,
          lastName: request.lastName,
          authProvider: 'email',
          oidcSubject: null,
          emailVerified: 0,
        },
        now(),
      );
      if (created) {
        await sendVerificationMail(created.id, created.email);
      } else {
        deliver(accountExistsMail(request.email, `${deps.appOrigin}/auth?mode=login`));
      }
      return { emailVerificationRequired: true, message: authTexts.registered };
    },

    async login(input: unknown, clientIp: string): Promise<{ result: AuthResult; session: NewSession }> {
      const request = loginRequestSchema.parse(input);
      await limiter.consume(rateLimits.loginPerIp, clientIp);
      await limiter.consume(rateLimits.loginPerEmail, request.email);
      const user = await repo.findUserByEmail(request.email);
      const isValid = user?.passwordHash
        ? await verifyPassword(user.passwordHash, request.password)
        : await verifyPassword(await dummyPasswordHash(), request.password).then(() => false);
      if (!user || !isValid) {
        throw new HttpError(401, authTexts.invalidLogin, ErrorCode.invalidCredentials);
      }
      const session = await startSession(user.id, request.rememberMe);
      const emailVerificationRequired = user.authProvider === 'email' && !user.emailVerified;
      return { result: { emailVerificationRequired, message: 'Welcome back!' }, session };
    },

    async endSession(token: string | undefined) {
      if (token) await repo.deleteSession(hashToken(token));
    },

    /** Slides the session's expiry forward; false when it has already ended. */
    async refreshSession(token: string | undefined, isPersistent: boolean) {
      if (!token) return undefined;
      const expiresAt =
        now() + (isPersistent ? SESSION_LIFETIME.persistent : SESSION_LIFETIME.browserSession);
      const isExtended = await repo.extendSession(hashToken(token), expiresAt, now());
      return isExtended ? expiresAt : undefined;
    },

    async forgotPassword(input: unknown) {
      const { email } = emailRequestSchema.parse(input);
      await limiter.consume(rateLimits.forgotPasswordPerEmail, email);
      const user = await repo.findUserByEmail(email);
      if (user) {
        const token = await issueVerification(user.id, 'reset-password');
        deliver(resetPasswordMail(user.email, `${deps.appOrigin}/reset-password?token=${token}`));
      }
      return { message: authTexts.forgotPasswordSent };
    },

    /** Sets the new password from a single-use link and ends every session of the account. */
    async resetPassword(input: unknown) {
      const request = resetPasswordRequestSchema.parse(input);
      const passwordHash = await hashPassword(request.newPassword);
      const verification = await repo.consumeVerification(
        hashToken(request.resetToken),
        'reset-password',
        now(),
      );
      if (!verification) throw new HttpError(400, authTexts.invalidResetLink, ErrorCode.invalidToken);
      // The link reached the mailbox, so the address is proven too.
      await repo.updateUser(verification.userId, { passwordHash, emailVerified: 1 }, now());
      await repo.deleteSessionsOfUser(verification.userId);
      return { message: authTexts.passwordReset };
    },

    async resendVerification(input: unknown) {
      const { email } = emailRequestSchema.parse(input);
      await limiter.consume(rateLimits.resendVerificationPerEmail, email);
      const user = await repo.findUserByEmail(email);
      if (user && user.authProvider === 'email' && !user.emailVerified) {
        await sendVerificationMail(user.id, user.email);
      }
      return { message: authTexts.verificationSent };
    },

    /** Marks the address verified and signs its owner in; undefined for a used, unknown or expired link. */
    async verifyEmail(token: unknown): Promise<NewSession | undefined> {
      if (typeof token !== 'string' || token.length === 0 || token.length > 200) return undefined;
      const verification = await repo.consumeVerification(hashToken(token), 'verify-email', now());
      if (!verification) return undefined;
      await repo.updateUser(verification.userId, { emailVerified: 1 }, now());
      return startSession(verification.userId, false);
    },

    async deleteExpired() {
      await repo.deleteExpiredSessions(now());
      await repo.deleteExpiredVerifications(now());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
