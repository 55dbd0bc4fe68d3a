import { authTexts } from '../../shared/auth/auth.contract.js';
import { ErrorCode } from '../../shared/errors.js';
import { isLocale } from '../../shared/i18n/locales.js';
import type { Clock } from '../clock.js';
import { HttpError } from '../errors/http-error.js';
import type { EventBus } from '../events/event-bus.js';
import type { DomainEvents } from '../events/events.js';
import { currentLocale } from '../i18n.js';
import type { RequestAuth } from '../plugins/session.js';
import { generateToken, hashToken } from '../tokens.js';
import type { AuthRepo } from './auth.repo.js';

const DAY = 24 * 3_600_000;

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

/** What the browser brings to a sign-in: the session it may hold, and its device cookie. */
export interface BrowserState {
  sessionToken?: string | undefined;
  deviceToken?: string | undefined;
}

export interface SessionsServiceDeps {
  repo: AuthRepo;
  clock: Clock;
  events: EventBus;
  /** A session that ended could not be announced (Redis down): it has ended all the same. */
  onAnnounceError: (error: unknown) => void;
}

type ActiveSessionRow = NonNullable<Awaited<ReturnType<AuthRepo['findActiveSession']>>>;

/** When a session ends unless refreshed: its sliding expiry, or its absolute end if that comes first. */
const endOf = (row: ActiveSessionRow) =>
  Math.min(Number(row.expiresAt), Number(row.createdAt) + SESSION_LIFETIME.absolute);

/** A request's view of its session: a new object each time (a kept row is shared). */
const requestAuth = (token: string, row: ActiveSessionRow): RequestAuth => ({
  token,
  sessionId: row.tokenHash,
  isPersistent: row.isPersistent === 1,
  endsAt: endOf(row),
  user: {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    authProvider: row.authProvider,
    emailVerified: row.emailVerified === 1,
    inboxVersion: Number(row.inboxVersion),
    locale: isLocale(row.locale) ? row.locale : null,
  },
});

/**
 * Sessions: opaque tokens whose SHA-256 is stored (docs/decisions/0002-sessions.md), the browsers trusted
 * for an account (0046), and the one way in: signIn. Every session that ends is announced
 * ("session.ended"), so realtime closes its sockets on whichever instance holds them.
 */
export function createSessionsService({ repo, clock, events, onAnnounceError }: SessionsServiceDeps) {
  const announce = (ended: DomainEvents['session.ended']) =>
    events.publish('session.ended', ended).catch(onAnnounceError);

  /** Ends the session of `token`, if it is one. */
  async function end(token: string | undefined, reason: 'logout' | 'replaced') {
    if (!token) return;
    const sessionId = hashToken(token);
    const session = await repo.findActiveSession(sessionId, clock(), SESSION_LIFETIME.absolute);
    await repo.deleteSession(sessionId);
    if (session) await announce({ userId: session.id, sessionId, reason });
  }

  /** Trusts this browser for the account, with a new value (the one it held, if any, is retired). */
  async function trustDevice(userId: string, previousToken: string | undefined): Promise<TrustedDevice> {
    if (previousToken) await repo.deleteTrustedDevice(hashToken(previousToken));
    const token = generateToken();
    const expiresAt = clock() + TRUSTED_DEVICE_LIFETIME;
    await repo.insertTrustedDevice({ tokenHash: hashToken(token), userId, expiresAt }, clock());
    return { token, expiresAt };
  }

  /**
   * `find`, answered at once when the session is known without a query (as read since the database's last
   * write: src/server/db/until-write-cache.ts), a promise otherwise.
   */
  function findSoon(token: string): RequestAuth | null | Promise<RequestAuth | null> {
    const tokenHash = hashToken(token);
    const now = clock();
    const kept = repo.keptActiveSession(tokenHash, now, SESSION_LIFETIME.absolute);
    if (kept !== undefined) return kept && requestAuth(token, kept);
    return repo
      .findActiveSession(tokenHash, now, SESSION_LIFETIME.absolute)
      .then((row) => (row ? requestAuth(token, row) : null));
  }

  return {
    /** The signed-in user of a session token, or null (unknown, expired, or past its absolute life). */
    async find(token: string | undefined): Promise<RequestAuth | null> {
      return token ? findSoon(token) : null;
    },

    findSoon,

    /**
     * When the session of `sessionId` (as RequestAuth names it) ends unless refreshed, read again: later than
     * a read before if it was refreshed since; null once it has ended.
     */
    async endsAt(sessionId: string): Promise<number | null> {
      const row = await repo.findActiveSession(sessionId, clock(), SESSION_LIFETIME.absolute);
      return row ? endOf(row) : null;
    },

    /**
     * The one way in, whatever proved the user (password, verification link, external provider): a new
     * session with a new token (no fixation: the one the browser held ends here), and this browser
     * trusted for the account.
     */
    async signIn(
      userId: string,
      options: { isPersistent: boolean; browser: BrowserState },
    ): Promise<{ session: NewSession; device: TrustedDevice }> {
      await end(options.browser.sessionToken, 'replaced');
      const token = generateToken();
      const lifetime = options.isPersistent ? SESSION_LIFETIME.persistent : SESSION_LIFETIME.browserSession;
      const expiresAt = clock() + lifetime;
      await repo.insertSession(
        { tokenHash: hashToken(token), userId, isPersistent: options.isPersistent, expiresAt },
        clock(),
      );
      const device = await trustDevice(userId, options.browser.deviceToken);
      // The language of the request that signed in: the account's mails and pushes follow it while the
      // account has chosen none (docs/decisions/0164).
      await repo.updateUser(userId, { signInLocale: currentLocale() }, clock());
      return { session: { token, isPersistent: options.isPersistent, expiresAt }, device };
    },

    logout: (token: string | undefined) => end(token, 'logout'),

    /** Slides the session's expiry forward (never past its absolute lifetime); a 401 when it has ended. */
    async refresh(current: { token: string; isPersistent: boolean } | null) {
      const lifetime = current?.isPersistent ? SESSION_LIFETIME.persistent : SESSION_LIFETIME.browserSession;
      const expiresAt = clock() + lifetime;
      const isExtended =
        current !== null &&
        (await repo.extendSession(hashToken(current.token), expiresAt, clock(), SESSION_LIFETIME.absolute));
      if (!isExtended) throw new HttpError(401, authTexts.sessionExpired, { code: ErrorCode.unauthorized });
      return expiresAt;
    },

    /** The user of a trusted device cookie, if it is live. */
    async trustedDeviceUser(deviceToken: string | undefined) {
      if (!deviceToken) return undefined;
      return (await repo.findTrustedDevice(hashToken(deviceToken), clock()))?.userId;
    },

    /** Every session of the user has ended (deleted in the transaction that made it so). */
    announceAllEnded: (userId: string, reason: 'password-reset' | 'account-linked' | 'account-deleted') =>
      announce({ userId, sessionId: null, reason }),

    /** The periodic clean-up: expired sessions (announced), verification links and trusted browsers. */
    async deleteExpired() {
      const now = clock();
      const ended = await repo.deleteExpiredSessions(now, SESSION_LIFETIME.absolute);
      for (const session of ended) {
        await announce({ userId: session.userId, sessionId: session.tokenHash, reason: 'expired' });
      }
      await repo.deleteExpiredVerifications(now);
      await repo.deleteExpiredTrustedDevices(now);
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
