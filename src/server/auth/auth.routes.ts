import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AuthProviders, authTexts } from '../../shared/auth.js';
import type { SessionCookie } from '../plugins/session.js';
import { presentUser } from './auth.presenter.js';
import type { AuthService, BrowserBinding } from './auth.service.js';
import { LOGOUT_CONFIRM_PAGE, mayEndSessionOnGet, SIGNED_OUT_PATH } from './logout.js';

const SIGNUP_BINDING_LIFETIME_MS = 24 * 3_600_000;

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    cookie: SessionCookie;
    signupCookie: SessionCookie;
    deviceCookie: SessionCookie;
    providers: () => AuthProviders;
  },
): void {
  const { auth, cookie, signupCookie, deviceCookie } = deps;

  /**
   * Binds the verification link about to be mailed to this browser: the binding it already holds (so
   * every link it asked for signs it in), else a new one.
   */
  function bindBrowser(request: FastifyRequest, reply: FastifyReply): BrowserBinding {
    const token = signupCookie.read(request) ?? randomBytes(32).toString('base64url');
    signupCookie.set(reply, token, true, Date.now() + SIGNUP_BINDING_LIFETIME_MS);
    return { token };
  }

  app.get('/api/auth/user', async (request) => (request.auth ? presentUser(request.auth.user) : null));

  app.get('/api/auth/providers', async () => deps.providers());

  app.post('/api/auth/register', async (request, reply) => {
    const result = await auth.register(request.body, request.ip, bindBrowser(request, reply));
    return reply.status(201).send(result);
  });

  app.post('/api/auth/login', async (request, reply) => {
    const { result, session, device } = await auth.login(
      request.body,
      request.ip,
      deviceCookie.read(request),
    );
    // A new token at every sign-in: whatever session the browser held before ends here.
    await auth.endSession(request.auth?.token);
    cookie.set(reply, session.token, session.isPersistent, session.expiresAt);
    deviceCookie.set(reply, device.token, true, device.expiresAt);
    return result;
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await auth.endSession(request.auth?.token ?? cookie.read(request));
    cookie.clear(reply);
    return { message: authTexts.loggedOut };
  });

  // "Back to Login" of the verification screen. A navigation from elsewhere is asked to confirm first
  // (docs/decisions/0051-logout-confirmation.md).
  app.get('/api/logout', async (request, reply) => {
    if (!mayEndSessionOnGet(request)) return reply.type('text/html; charset=utf-8').send(LOGOUT_CONFIRM_PAGE);
    await auth.endSession(request.auth?.token ?? cookie.read(request));
    cookie.clear(reply);
    return reply.redirect(SIGNED_OUT_PATH);
  });

  // The confirmation page's form (the Origin check has refused any other site's).
  app.post('/api/logout', async (request, reply) => {
    await auth.endSession(request.auth?.token ?? cookie.read(request));
    cookie.clear(reply);
    return reply.redirect(SIGNED_OUT_PATH, 303);
  });

  app.post('/api/auth/refresh-session', async (request, reply) => {
    const current = request.auth;
    const expiresAt = await auth.refreshSession(current).catch((error: unknown) => {
      cookie.clear(reply);
      throw error;
    });
    if (current) cookie.set(reply, current.token, current.isPersistent, expiresAt);
    return { message: authTexts.sessionExtended };
  });

  app.post('/api/auth/forgot-password', async (request) => auth.forgotPassword(request.body, request.ip));

  app.post('/api/auth/reset-password', async (request) => auth.resetPassword(request.body, request.ip));

  app.post('/api/auth/resend-verification', async (request, reply) =>
    auth.resendVerification(request.body, request.ip, bindBrowser(request, reply)),
  );

  app.get<{ Querystring: { token?: unknown } }>('/api/auth/verify-email', async (request, reply) => {
    const verified = await auth.verifyEmail(
      request.query.token,
      signupCookie.read(request),
      deviceCookie.read(request),
    );
    if (!verified) return reply.redirect('/auth?mode=login&verification=invalid');
    if (!verified.session) return reply.redirect('/auth?mode=login&verified=1');
    await auth.endSession(request.auth?.token);
    cookie.set(reply, verified.session.token, verified.session.isPersistent, verified.session.expiresAt);
    if (verified.device) deviceCookie.set(reply, verified.device.token, true, verified.device.expiresAt);
    signupCookie.clear(reply);
    return reply.redirect('/?verified=1');
  });
}
