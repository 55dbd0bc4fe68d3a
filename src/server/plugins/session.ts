import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthProvider } from '../../shared/auth.js';
import { ErrorCode } from '../../shared/errors.js';
import type { AuthRepo } from '../auth/auth.repo.js';
import { hashToken } from '../auth/tokens.js';
import { HttpError } from './errors.js';

export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  authProvider: AuthProvider;
  emailVerified: boolean;
}

export interface RequestAuth {
  user: SessionUser;
  token: string;
  isPersistent: boolean;
}

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
  read(request: FastifyRequest): string | undefined;
}

export function sessionCookie(isHttps: boolean): SessionCookie {
  // __Host- binds the cookie to this exact origin, but browsers accept it only with Secure.
  const name = isHttps ? '__Host-session' : 'session';
  const base = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: isHttps };
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

/** /api paths an unverified account may still use (ADDENDUM §5). */
function isExemptFromVerification(path: string): boolean {
  return (
    path.startsWith('/api/auth/') ||
    path === '/api/login' ||
    path === '/api/logout' ||
    path === '/api/callback' ||
    path === '/api/health'
  );
}

export function registerSessionAuth(
  app: FastifyInstance,
  options: { repo: AuthRepo; cookie: SessionCookie; now: () => number },
): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/')) return;
    const token = options.cookie.read(request);
    if (!token) return;
    const row = await options.repo.findActiveSession(hashToken(token), options.now());
    if (!row) return;
    request.auth = {
      token,
      isPersistent: row.isPersistent === 1,
      user: {
        id: row.id,
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        authProvider: row.authProvider,
        emailVerified: row.emailVerified === 1,
      },
    };
    if (row.authProvider === 'email' && row.emailVerified !== 1 && !isExemptFromVerification(path)) {
      throw new HttpError(
        403,
        'Please verify your email address to continue',
        ErrorCode.emailVerificationRequired,
        {
          email: row.email,
        },
      );
    }
  });
}

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new HttpError(401, 'Please sign in to continue', ErrorCode.unauthorized);
  return request.auth;
}
