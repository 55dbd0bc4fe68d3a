import {
  type AuthResult,
  authTexts,
  emailRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '../../shared/auth.js';
import { ErrorCode } from '../../shared/errors.js';
import type { BackgroundTasks } from '../background.js';
import type { Mailer } from '../mail/mailer.js';
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
  /** However often it is refreshed, a session ends this long after sign-in. */
  absolute: 90 * DAY,
} as const;

/** A browser the account signed in from stays trusted this long after its latest sign-in there. */
export const TRUSTED_DEVICE_LIFETIME = 365 * DAY;

export const VERIFICATION_LIFETIME = { 'verify-email': DAY, 'reset-password': HOUR } as const;

export interface AuthServiceDeps {
  repo: AuthRepo;
  mailer: Mailer;
  limiter: RateLimiter;
  appOrigin: string;
  now: () => number;
  /** Tokens and mail are issued after the answer, so neither their timing nor a failure is revealed. */
  background: BackgroundTasks;
}

export interface NewSession {
  token: string;
  isPersistent: boolean;
  expiresAt: number;
}

/** The value of a browser's `device` cookie: it signed in to the account before (docs/decisions/0046). */
export interface TrustedDevice {
  token: string;
  expiresAt: number;
}

/**
 * A random value kept in the browser that asked for a verification link (cookie `signup`): the link
 * signs in only that browser, so a link opened elsewhere (another device, a mail scanner, a victim of
 * login CSRF) verifies the address without handing out a session.
 */
export interface BrowserBinding {
  token: string;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { repo, limiter, now, background } = deps;
  const invalidResetLink = () => new HttpError(400, authTexts.invalidResetLink, ErrorCode.invalidToken);

  async function issueVerification(
    userId: string,
    purpose: 'verify-email' | 'reset-password',
    binding?: BrowserBinding,
  ) {
    const token = generateToken();
    await repo.insertVerification(
      {
        userId,
        purpose,
        tokenHash: hashToken(token),
        bindingHash: binding ? hashToken(binding.token) : null,
        expiresAt: now() + VERIFICATION_LIFETIME[purpose],
      },
      now(),
    );
    return token;
  }

  function sendVerificationMail(userId: string, email: string, binding: BrowserBinding) {
    background.run('verification mail', async () => {
      const token = await issueVerification(userId, 'verify-email', binding);
      await deps.mailer.send(
        verifyEmailMail(email, `${deps.appOrigin}/api/auth/verify-email?token=${token}`),
      );
    });
  }

  async function startSession(userId: string, isPersistent: boolean): Promise<NewSession> {
    const token = generateToken();
    const expiresAt = now() + (isPersistent ? SESSION_LIFETIME.persistent : SESSION_LIFETIME.browserSession);
    await repo.insertSession({ tokenHash: hashToken(token), userId, isPersistent, expiresAt }, now());
    return { token, isPersistent, expiresAt };
  }

  /** Trusts this browser for the account, with a new value (the one it held, if any, is retired). */
  async function trustDevice(userId: string, previousToken: string | undefined): Promise<TrustedDevice> {
    if (previousToken) await repo.deleteTrustedDevice(hashToken(previousToken));
    const token = generateToken();
    const expiresAt = now() + TRUSTED_DEVICE_LIFETIME;
    await repo.insertTrustedDevice({ tokenHash: hashToken(token), userId, expiresAt }, now());
    return { token, expiresAt };
  }

  return {
    startSession,

    /**
     * Creates an unverified account and mails its verification link. An address that already has an
     * account gets a mail saying so instead; the answer is the same either way (ADDENDUM §10).
     */
    async register(input: unknown, clientIp: string, binding: BrowserBinding): Promise<AuthResult> {
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
        sendVerificationMail(created.id, created.email, binding);
      } else {
        background.run('account exists mail', () =>
          deps.mailer.send(accountExistsMail(request.email, `${deps.appOrigin}/auth?mode=login`)),
        );
      }
      return { emailVerificationRequired: true, message: authTexts.registered };
    },

    /**
     * Signs in with a password. Failures are limited per address, so a guesser spread over many networks
     * is stopped, but only failures count, and a browser this account signed in from before (its
     * `device` cookie) counts its own failures instead: knowing an owner's address is not enough to keep
     * them signed out (OWASP's device cookies; docs/decisions/0046-login-lockout.md).
     */
    async login(
      input: unknown,
      clientIp: string,
      deviceToken: string | undefined,
    ): Promise<{ result: AuthResult; session: NewSession; device: TrustedDevice }> {
      const request = loginRequestSchema.parse(input);
      await limiter.consume(rateLimits.loginPerIp, clientIp);
      const user = await repo.findUserByEmail(request.email);
      const device = deviceToken ? await repo.findTrustedDevice(hashToken(deviceToken), now()) : undefined;
      const [failureRule, failureSubject] =
        deviceToken && user && device?.userId === user.id
          ? [rateLimits.loginFailuresPerDevice, deviceToken]
          : [rateLimits.loginFailuresPerEmail, request.email];
      await limiter.refuseIfExhausted(failureRule, failureSubject);
      const isValid = user?.passwordHash
        ? await verifyPassword(user.passwordHash, request.password)
        : await verifyPassword(await dummyPasswordHash(), request.password).then(() => false);
      if (!user || !isValid) {
        await limiter.record(failureRule, failureSubject);
        throw new HttpError(401, authTexts.invalidLogin, ErrorCode.invalidCredentials);
      }
      const session = await startSession(user.id, request.rememberMe);
      const trusted = await trustDevice(user.id, deviceToken);
      const emailVerificationRequired = user.authProvider === 'email' && !user.emailVerified;
      return {
        result: { emailVerificationRequired, message: authTexts.welcomeBack },
        session,
        device: trusted,
      };
    },

    async endSession(token: string | undefined) {
      if (token) await repo.deleteSession(hashToken(token));
    },

    /** Slides the session's expiry forward (never past its absolute lifetime); a 401 when it has ended. */
    async refreshSession(current: { token: string; isPersistent: boolean } | null) {
      const lifetime = current?.isPersistent ? SESSION_LIFETIME.persistent : SESSION_LIFETIME.browserSession;
      const expiresAt = now() + lifetime;
      const isExtended =
        current !== null &&
        (await repo.extendSession(hashToken(current.token), expiresAt, now(), SESSION_LIFETIME.absolute));
      if (!isExtended) throw new HttpError(401, authTexts.sessionExpired, ErrorCode.unauthorized);
      return expiresAt;
    },

    async forgotPassword(input: unknown, clientIp: string) {
      const { email } = emailRequestSchema.parse(input);
      await limiter.consume(rateLimits.accountMailPerIp, clientIp);
      await limiter.consume(rateLimits.forgotPasswordPerEmail, email);
      background.run('password reset mail', async () => {
        const user = await repo.findUserByEmail(email);
        if (!user) return;
        const token = await issueVerification(user.id, 'reset-password');
        await deps.mailer.send(
          resetPasswordMail(user.email, `${deps.appOrigin}/reset-password?token=${token}`),
        );
      });
      return { message: authTexts.forgotPasswordSent };
    },

    /**
     * Sets the new password from a single-use link and ends every session of the account. The link is
     * checked before the (costly) hashing, and used up with the password change in one transaction.
     */
    async resetPassword(input: unknown, clientIp: string) {
      const request = resetPasswordRequestSchema.parse(input);
      await limiter.consume(rateLimits.resetPasswordPerIp, clientIp);
      const tokenHash = hashToken(request.resetToken);
      if (!(await repo.isVerificationValid(tokenHash, 'reset-password', now()))) throw invalidResetLink();
      const passwordHash = await hashPassword(request.newPassword);
      await repo.transaction(async (tx) => {
        const verification = await tx.consumeVerification(tokenHash, 'reset-password', now());
        const user = verification && (await tx.findUserById(verification.userId));
        if (!user) throw invalidResetLink();
        await tx.updateUser(
          user.id,
          {
            passwordHash,
            // The link reached the mailbox, so the address is proven too; an external account linked
            // while the address was unproven is not trusted with it (docs/decisions/0005).
            emailVerified: 1,
            ...(user.emailVerified ? {} : { oidcSubject: null }),
          },
          now(),
        );
        await tx.deleteSessionsOfUser(user.id);
        await tx.deleteTrustedDevicesOfUser(user.id);
      });
      return { message: authTexts.passwordReset };
    },

    async resendVerification(input: unknown, clientIp: string, binding: BrowserBinding) {
      const { email } = emailRequestSchema.parse(input);
      await limiter.consume(rateLimits.accountMailPerIp, clientIp);
      await limiter.consume(rateLimits.resendVerificationPerEmail, email);
      background.run('verification mail', async () => {
        const user = await repo.findUserByEmail(email);
        if (user && user.authProvider === 'email' && !user.emailVerified) {
          const token = await issueVerification(user.id, 'verify-email', binding);
          await deps.mailer.send(
            verifyEmailMail(user.email, `${deps.appOrigin}/api/auth/verify-email?token=${token}`),
          );
        }
      });
      return { message: authTexts.verificationSent };
    },

    /**
     * Marks the address verified. Signs its owner in only when the browser holds the binding of the
     * browser that asked for the link. Undefined for a used, unknown or expired link.
     */
    async verifyEmail(
      token: unknown,
      binding: string | undefined,
      deviceToken: string | undefined,
    ): Promise<{ session?: NewSession; device?: TrustedDevice } | undefined> {
      if (typeof token !== 'string' || token.length === 0 || token.length > 200) return undefined;
      const verification = await repo.transaction(async (tx) => {
        const used = await tx.consumeVerification(hashToken(token), 'verify-email', now());
        if (used) await tx.updateUser(used.userId, { emailVerified: 1 }, now());
        return used;
      });
      if (!verification) return undefined;
      const isSameBrowser = binding !== undefined && verification.bindingHash === hashToken(binding);
      if (!isSameBrowser) return {};
      return {
        session: await startSession(verification.userId, false),
        device: await trustDevice(verification.userId, deviceToken),
      };
    },

    async deleteExpired() {
      await repo.deleteExpiredSessions(now());
      await repo.deleteExpiredVerifications(now());
      await repo.deleteExpiredTrustedDevices(now());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
