import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authTexts } from '../../shared/auth/auth.contract.js';
import { ErrorCode } from '../../shared/errors.js';
import { safeReturnPath } from '../../shared/return-path.js';
import { errorCode } from '../errors/error-code.js';
import { HttpError } from '../errors/http-error.js';
import type { AuthCookies } from './auth.routes.js';
import {
  IssuerUnreachable,
  LOGIN_STATE_LIFETIME_MS,
  type OidcService,
  SignInRefused,
} from './oidc.service.js';
import type { SessionsService } from './sessions.service.js';

const SIGN_IN_FAILED_PATH = '/auth?mode=login&error=oidc';

/**
 * Binds a pending login to the browser that started it, so a callback from elsewhere is refused; and
 * (`oidc_return`) where that browser returns to after it (decision 0152).
 */
function loginStateCookie(isHttps: boolean, baseName = 'oidc_state') {
  const name = isHttps ? `__Secure-${baseName}` : baseName;
  const options = { path: '/api/callback', httpOnly: true, sameSite: 'lax' as const, secure: isHttps };
  return {
    set: (reply: FastifyReply, state: string) =>
      reply.setCookie(name, state, { ...options, maxAge: LOGIN_STATE_LIFETIME_MS / 1000 }),
    clear: (reply: FastifyReply) => reply.clearCookie(name, options),
    read: (request: FastifyRequest) => request.cookies[name],
  };
}

/** What of an error may be logged: no tokens, no response bodies, no addresses. */
function describeError(error: unknown) {
  if (error instanceof SignInRefused) return undefined;
  if (!(error instanceof Error)) return { message: String(error) };
  // openid-client's OAuth errors carry the provider's `error` field.
  const oauthError = (error as { error?: unknown }).error;
  return {
    name: error.name,
    code: errorCode(error),
    oauthError,
    causeCode: errorCode(error.cause),
    message: error.message,
  };
}

export function registerOidcRoutes(
  app: FastifyInstance,
  deps: { oidc: OidcService; sessions: SessionsService; cookies: AuthCookies; isHttps: boolean },
): void {
  const { oidc, sessions, cookies } = deps;
  const stateCookie = loginStateCookie(deps.isHttps);
  const returnCookie = loginStateCookie(deps.isHttps, 'oidc_return');

  // `returnTo`: a path of this app to land on once signed in (Profile, after the fresh sign-in that
  // confirms a deletion); anything else is ignored and the callback lands on `/`.
  app.get<{ Querystring: { returnTo?: unknown } }>('/api/login', async (request, reply) => {
    const login = await oidc.startLogin(request.ip).catch((error: unknown) => {
      if (!(error instanceof IssuerUnreachable)) throw error;
      reply.log.warn({ err: describeError(error.cause) }, 'oidc discovery failed');
      throw new HttpError(503, authTexts.oidcUnreachable, {
        code: ErrorCode.serviceUnavailable,
        headers: { 'Retry-After': '30' },
      });
    });
    stateCookie.set(reply, login.state);
    const { returnTo } = request.query;
    const returnPath = typeof returnTo === 'string' ? safeReturnPath(returnTo) : null;
    if (returnPath) returnCookie.set(reply, returnPath);
    else returnCookie.clear(reply);
    return reply.header('Cache-Control', 'no-store').redirect(login.authorizationUrl, 302);
  });

  app.get<{ Querystring: { state?: unknown } }>('/api/callback', async (request, reply) => {
    oidc.requireConfigured();
    stateCookie.clear(reply);
    const returnPath = safeReturnPath(returnCookie.read(request)) ?? '/';
    returnCookie.clear(reply);
    reply.header('Cache-Control', 'no-store');
    try {
      const userId = await oidc.completeLogin({
        state: request.query.state,
        browserState: stateCookie.read(request),
        requestUrl: request.url,
      });
      const { session, device } = await sessions.signIn(userId, {
        isPersistent: false,
        browser: { sessionToken: request.auth?.token, deviceToken: cookies.device.read(request) },
      });
      cookies.session.set(reply, session.token, session.isPersistent, session.expiresAt);
      cookies.device.set(reply, device.token, true, device.expiresAt);
      return reply.redirect(returnPath, 302);
    } catch (error) {
      const reason = error instanceof SignInRefused ? error.reason : 'sign-in-failed';
      request.log.warn({ reason, err: describeError(error) }, 'oidc sign-in refused');
      return reply.redirect(SIGN_IN_FAILED_PATH, 302);
    }
  });
}
