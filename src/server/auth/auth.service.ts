import {
  type AuthResult,
  authTexts,
  type EmailInput,
  type LoginInput,
  type RegisterInput,
  type ResetPasswordInput,
} from '../../shared/auth/auth.contract.js';
import { ErrorCode } from '../../shared/errors.js';
import type { Locale } from '../../shared/i18n/locales.js';
import type { BackgroundTasks } from '../background.js';
import type { Clock } from '../clock.js';
import type { Transaction } from '../db/transaction.js';
import { HttpError } from '../errors/http-error.js';
import { currentLocale, withLocale } from '../i18n.js';
import type { Mailer } from '../mail/mailer.js';
import { accountExistsMail, resetPasswordMail, verifyEmailMail } from '../mail/templates.js';
import { addressKeyOf } from '../rate-limit/address.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { rateLimits } from '../rate-limit/rules.js';
import { generateToken, hashToken } from '../tokens.js';
import { accountLocale } from './accounts.port.js';
import type { AuthRepo, UserRow } from './auth.repo.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import type { BrowserState, NewSession, SessionsService, TrustedDevice } from './sessions.service.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const VERIFICATION_LIFETIME = { 'verify-email': DAY, 'reset-password': HOUR } as const;

/** How long the browser keeps the value that binds its verification links to it. */
export const BROWSER_BINDING_LIFETIME = DAY;

export interface AuthServiceDeps {
  repo: AuthRepo;
  transaction: Transaction<AuthRepo>;
  sessions: SessionsService;
  mailer: Mailer;
  limiter: RateLimiter;
  appOrigin: string;
  clock: Clock;
  /** Tokens and mail are issued after the answer, so neither their timing nor a failure is revealed. */
  background: BackgroundTasks;
}

/**
 * A random value kept in the browser that asked for a verification link (cookie `signup`): the link
 * signs in only that browser, so a link opened elsewhere (another device, a mail scanner, a victim of
 * login CSRF) verifies the address without handing out a session.
 */
export interface BrowserBinding {
  token: string;
  expiresAt: number;
}

type SignedIn = { session: NewSession; device: TrustedDevice };

/** A mail to an account, written in its language (docs/decisions/0164), whatever the request's. */
const mailFor = <T>(user: Pick<UserRow, 'locale' | 'signInLocale'>, write: () => T): T =>
  withLocale(accountLocale(user), write);

/** Accounts: registration, password sign-in, verification and reset links (sessions: sessions.service). */
export function createAuthService(deps: AuthServiceDeps) {
  const { repo, sessions, limiter, clock, background } = deps;
  const invalidResetLink = () =>
    new HttpError(400, authTexts.invalidResetLink, { code: ErrorCode.invalidToken });

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
        expiresAt: clock() + VERIFICATION_LIFETIME[purpose],
      },
      clock(),
    );
    return token;
  }

  function sendVerificationMail(user: UserRow, binding: BrowserBinding) {
    background.run('verification mail', async () => {
      const token = await issueVerification(user.id, 'verify-email', binding);
      const link = `${deps.appOrigin}/api/auth/verify-email?token=${token}`;
      await deps.mailer.send(mailFor(user, () => verifyEmailMail(user.email, link)));
    });
  }

  return {
    /**
     * Binds the verification link about to be mailed to this browser: the binding it already holds (so
     * every link it asked for signs it in), else a new one.
     */
    bindBrowser(existing: string | undefined): BrowserBinding {
      return { token: existing ?? generateToken(), expiresAt: clock() + BROWSER_BINDING_LIFETIME };
    },

    /**
     * Creates an unverified account and mails its verification link. An address that already has an
     * account gets a mail saying so instead; the answer is the same either way (ADDENDUM §10).
     */
    async register(request: RegisterInput, clientIp: string, binding: BrowserBinding): Promise<AuthResult> {
      await limiter.consume(rateLimits.registrationPerIp, addressKeyOf(clientIp));
      const passwordHash = await hashPassword(request.password);
      // The account speaks the language it registered in (the app sends its own as Accept-Language).
      const locale = currentLocale();
      const created = await repo.insertUser(
        {
          email: request.email,
          passwordHash,
          firstName: request.firstName,
          lastName: request.lastName,
          authProvider: 'email',
          oidcSubject: null,
          emailVerified: 0,
          locale,
          signInLocale: locale,
        },
        clock(),
      );
      if (created) {
        sendVerificationMail(created, binding);
      } else {
        // In the language of the account that exists: its owner reads it, whoever asked.
        background.run('account exists mail', async () => {
          const existing = await repo.findUserByEmail(request.email);
          if (!existing) return;
          const link = `${deps.appOrigin}/auth?mode=login`;
          await deps.mailer.send(mailFor(existing, () => accountExistsMail(existing.email, link)));
        });
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
      request: LoginInput,
      clientIp: string,
      browser: BrowserState,
    ): Promise<SignedIn & { result: AuthResult }> {
      await limiter.consume(rateLimits.loginPerIp, addressKeyOf(clientIp));
      const user = await repo.findUserByEmail(request.email);
      const deviceUserId = await sessions.trustedDeviceUser(browser.deviceToken);
      const [failureRule, failureSubject] =
        browser.deviceToken && user && deviceUserId === user.id
          ? [rateLimits.loginFailuresPerDevice, browser.deviceToken]
          : [rateLimits.loginFailuresPerEmail, request.email];
      await limiter.refuseIfExhausted(failureRule, failureSubject);
      const isValid = user?.passwordHash
        ? await verifyPassword(user.passwordHash, request.password)
        : await verifyPassword(await dummyPasswordHash(), request.password).then(() => false);
      if (!user || !isValid) {
        await limiter.record(failureRule, failureSubject);
        throw new HttpError(401, authTexts.invalidLogin, { code: ErrorCode.invalidCredentials });
      }
      const signedIn = await sessions.signIn(user.id, { isPersistent: request.rememberMe, browser });
      const emailVerificationRequired = user.authProvider === 'email' && !user.emailVerified;
      return { ...signedIn, result: { emailVerificationRequired, message: authTexts.welcomeBack } };
    },

    async forgotPassword({ email }: EmailInput, clientIp: string) {
      await limiter.consumeInTurn(
        [rateLimits.accountMailPerIp, addressKeyOf(clientIp)],
        [rateLimits.forgotPasswordPerEmail, email],
      );
      background.run('password reset mail', async () => {
        const user = await repo.findUserByEmail(email);
        if (!user) return;
        const token = await issueVerification(user.id, 'reset-password');
        const link = `${deps.appOrigin}/reset-password?token=${token}`;
        await deps.mailer.send(mailFor(user, () => resetPasswordMail(user.email, link)));
      });
      return { message: authTexts.forgotPasswordSent };
    },

    /**
     * Sets the new password from a single-use link and ends every session of the account. The link is
     * checked before the (costly) hashing, and used up with the password change in one transaction.
     */
    async resetPassword(request: ResetPasswordInput, clientIp: string) {
      await limiter.consume(rateLimits.resetPasswordPerIp, addressKeyOf(clientIp));
      const tokenHash = hashToken(request.resetToken);
      if (!(await repo.isVerificationValid(tokenHash, 'reset-password', clock()))) throw invalidResetLink();
      const passwordHash = await hashPassword(request.newPassword);
      const userId = await deps.transaction(async (tx) => {
        const verification = await tx.consumeVerification(tokenHash, 'reset-password', clock());
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
          clock(),
        );
        await tx.deleteSessionsOfUser(user.id);
        await tx.deleteTrustedDevicesOfUser(user.id);
        return user.id;
      });
      await sessions.announceAllEnded(userId, 'password-reset');
      return { message: authTexts.passwordReset };
    },

    async resendVerification({ email }: EmailInput, clientIp: string, binding: BrowserBinding) {
      await limiter.consumeInTurn(
        [rateLimits.accountMailPerIp, addressKeyOf(clientIp)],
        [rateLimits.resendVerificationPerEmail, email],
      );
      background.run('verification mail', async () => {
        const user = await repo.findUserByEmail(email);
        if (user && user.authProvider === 'email' && !user.emailVerified) {
          const token = await issueVerification(user.id, 'verify-email', binding);
          const link = `${deps.appOrigin}/api/auth/verify-email?token=${token}`;
          await deps.mailer.send(mailFor(user, () => verifyEmailMail(user.email, link)));
        }
      });
      return { message: authTexts.verificationSent };
    },

    /**
     * The account's language (PUT /api/auth/locale, docs/decisions/0164): one it chose, or null to let the
     * browser decide, its mails then following its last sign-in's language.
     */
    async setLocale(userId: string, locale: Locale | null) {
      await repo.updateUser(userId, { locale }, clock());
      return { locale };
    },

    /**
     * Marks the address verified. Signs its owner in only when the browser holds the binding of the
     * browser that asked for the link. Undefined for a used, unknown or expired link.
     */
    async verifyEmail(
      token: string,
      binding: string | undefined,
      browser: BrowserState,
    ): Promise<Partial<SignedIn> | undefined> {
      const verification = await deps.transaction(async (tx) => {
        const used = await tx.consumeVerification(hashToken(token), 'verify-email', clock());
        if (used) await tx.updateUser(used.userId, { emailVerified: 1 }, clock());
        return used;
      });
      if (!verification) return undefined;
      const isSameBrowser = binding !== undefined && verification.bindingHash === hashToken(binding);
      if (!isSameBrowser) return {};
      return sessions.signIn(verification.userId, { isPersistent: false, browser });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
