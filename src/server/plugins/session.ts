import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AuthProvider, authTexts, SESSION_HINT_COOKIE } from '../../shared/auth/auth.contract.js';
import { ErrorCode } from '../../shared/errors.js';
import type { Locale } from '../../shared/i18n/locales.js';
import { HttpError } from '../errors/http-error.js';

export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  authProvider: AuthProvider;
  emailVerified: boolean;
  /** What the user's message lists show changes with it (src/server/messaging/inbox.repo.ts). */
  inboxVersion: number;
  /** The language the account chose; null: the browser decides (docs/decisions/0164). */
  locale: Locale | null;
}

export interface RequestAuth {
  user: SessionUser;
  token: string;
  /** The session's id as stored: the SHA-256 of its token (what "session.ended" names). */
  sessionId: string;
  isPersistent: boolean;
  /** When the session ends unless it is refreshed first (ms since the epoch): its expiry or its absolute end. */
  endsAt: number;
}

/** The session lookup of the auth feature: the signed-in user of a session token, or null. */
export type FindSession = (token: string | undefined) => Promise<RequestAuth | null>;

/** FindSession, answered at once when it can be (without a query), a promise otherwise. */
export type FindSessionSoon = (token: string) => RequestAuth | null | Promise<RequestAuth | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of an /api request, or null. */
    auth: RequestAuth | null;
  }
}

export interface SessionCookie {
  name: string;
  set(reply: FastifyReply, token: string, isPersistent: boolean, expiresAt: number): void;
  clear(reply: FastifyReply): void;
  /** The cookie's value from a request's parsed cookies (a Fastify request, or an upgrade's). */
  read(request: { cookies: Partial<Record<string, string>> }): string | undefined;
}

export function sessionCookie(isHttps: boolean): SessionCookie {
  // __Host- binds the cookie to this exact origin, but browsers accept it only with Secure.
  const name = isHttps ? '__Host-session' : 'session';
  const session = cookieJar(name, { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps });
  const hint = { path: '/', httpOnly: false, sameSite: 'lax' as const, secure: isHttps };
  return {
    ...session,
    set(reply, token, isPersistent, expiresAt) {
      session.set(reply, token, isPersistent, expiresAt);
      reply.setCookie(
        SESSION_HINT_COOKIE,
        '1',
        isPersistent ? { ...hint, expires: new Date(expiresAt) } : hint,
      );
    },
    clear(reply) {
      session.clear(reply);
      reply.clearCookie(SESSION_HINT_COOKIE, hint);
    },
  };
}

/**
 * The `signup` cookie: binds a verification link to the browser that asked for it (auth.service.ts
 * BrowserBinding). Set alike for every address, so it reveals nothing about accounts.
 */
export function signupBindingCookie(isHttps: boolean): SessionCookie {
  return cookieJar(isHttps ? '__Secure-signup' : 'signup', {
    // Sent to every /api/auth/ call, so asking again (resend) binds the new link to the same browser.
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps,
  });
}

/**
 * The `device` cookie: this browser signed in to an account before, so its failed sign-ins are counted
 * apart from the per-address limit (docs/decisions/0046-login-lockout.md).
 */
export function trustedDeviceCookie(isHttps: boolean): SessionCookie {
  return cookieJar(isHttps ? '__Secure-device' : 'device', {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps,
  });
}

/**
 * The `visitor` cookie: a signed-out sender's random, unguessable identity (its hash is kept), so their
 * messages to one vehicle form one conversation, they can be blocked without being known, and their own
 * status pages and socket (/ws) know them (issue 32: the path is the whole origin, no longer /api/messages).
 */
export function visitorCookie(isHttps: boolean): SessionCookie {
  return cookieJar(isHttps ? '__Secure-visitor' : 'visitor', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps,
  });
}

function cookieJar(
  name: string,
  base: { path: string; httpOnly: true; sameSite: 'lax'; secure: boolean },
): SessionCookie {
  return {
    name,
    set(reply, token, isPersistent, expiresAt) {
      reply.setCookie(name, token, isPersistent ? { ...base, expires: new Date(expiresAt) } : base);
    },
    clear(reply) {
      reply.clearCookie(name, base);
    },
    read(request) {
      const value = request.cookies[name];
      return value && value.length <= 100 ? value : undefined;
    },
  };
}

/**
 * The public vehicle lookups (QR, plate, public by id): open to everyone, so to unverified accounts too
 * (ADDENDUM §5). Compared with the pattern of the route that matched, exactly: no other route, and no URL
 * that matches none, slips through.
 */
const PUBLIC_LOOKUP_ROUTES: ReadonlySet<string> = new Set([
  '/api/vehicles/qr/:code',
  '/api/vehicles/lookup/:plate',
  '/api/vehicles/public/:id',
]);

/** /api routes an unverified account may still use (ADDENDUM §5). */
function isExemptFromVerification(path: string, matchedRoute: string | undefined): boolean {
  return (
    path.startsWith('/api/auth/') ||
    path === '/api/login' ||
    path === '/api/logout' ||
    path === '/api/callback' ||
    path === '/api/health' ||
    (matchedRoute !== undefined && PUBLIC_LOOKUP_ROUTES.has(matchedRoute))
  );
}

/**
 * Reads the session of every /api request into request.auth, and holds unverified email accounts to the
 * routes they may use (ADDENDUM §5). WebSocket upgrades (outside /api) look the session up themselves
 * through the same FindSession.
 */
export function registerSessionAuth(
  app: FastifyInstance,
  options: { findSession: FindSessionSoon; cookie: SessionCookie },
): void {
  app.decorateRequest('auth', null);
  // A callback hook, not an async one: most requests (a visitor's, a page's) carry no session cookie and
  // leave here at once without a promise (docs/decisions/0106-hot-paths.md).
  app.addHook('onRequest', (request, _reply, done) => {
    const token = options.cookie.read(request);
    if (token === undefined) return done();
    // The matched route's pattern, not the raw URL: an encoded path cannot slip past the gate.
    const matchedRoute = request.routeOptions.url;
    const path = matchedRoute ?? decodeURIComponentSafe(request.url.split('?')[0] ?? '');
    if (!path.startsWith('/api/')) return done();
    const signedIn = (auth: RequestAuth | null) => {
      if (!auth) return done();
      request.auth = auth;
      const { user } = auth;
      if (
        user.authProvider === 'email' &&
        !user.emailVerified &&
        !isExemptFromVerification(path, matchedRoute)
      ) {
        return done(
          new HttpError(403, authTexts.verifyEmailFirst, {
            code: ErrorCode.emailVerificationRequired,
            extra: { email: user.email },
          }),
        );
      }
      done();
    };
    // A session read since the database's last write is answered on the spot, without a promise: that
    // halved the cost of a signed-in read (docs/decisions/0120-reads-kept-until-a-write.md).
    const auth = options.findSession(token);
    if (auth instanceof Promise) auth.then(signedIn, done);
    else signedIn(auth);
  });
}

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new HttpError(401, authTexts.signInRequired, { code: ErrorCode.unauthorized });
  return request.auth;
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
