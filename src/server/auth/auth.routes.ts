import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type AuthProviders,
  authTexts,
  deleteAccountRequestSchema,
  emailRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  verificationTokenSchema,
} from '../../shared/auth/auth.contract.js';
import { localeRequestSchema } from '../../shared/auth/locale.contract.js';
import { ErrorCode } from '../../shared/errors.js';
import { HttpError } from '../errors/http-error.js';
import { requireUser, type SessionCookie } from '../plugins/session.js';
import type { AccountDeletion } from './account-deletion.service.js';
import type { AccountExport } from './account-export.service.js';
import { presentUser } from './auth.presenter.js';
import type { AuthService } from './auth.service.js';
import { LOGOUT_CONFIRM_PAGE, mayEndSessionOnGet, SIGNED_OUT_PATH } from './logout.js';
import type { BrowserState, NewSession, SessionsService, TrustedDevice } from './sessions.service.js';

export interface AuthCookies {
  session: SessionCookie;
  /** Binds verification links to the browser that asked for them. */
  signup: SessionCookie;
  /** This browser signed in to the account before (docs/decisions/0046). */
  device: SessionCookie;
}

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    sessions: SessionsService;
    accountDeletion: AccountDeletion;
    accountExport: AccountExport;
    cookies: AuthCookies;
    providers: () => AuthProviders;
  },
): void {
  const { auth, sessions, cookies } = deps;

  const browserOf = (request: FastifyRequest): BrowserState => ({
    sessionToken: request.auth?.token,
    deviceToken: cookies.device.read(request),
  });

  const bindBrowser = (request: FastifyRequest, reply: FastifyReply) => {
    const binding = auth.bindBrowser(cookies.signup.read(request));
    cookies.signup.set(reply, binding.token, true, binding.expiresAt);
    return binding;
  };

  const setSignedIn = (reply: FastifyReply, signedIn: { session: NewSession; device: TrustedDevice }) => {
    const { session, device } = signedIn;
    cookies.session.set(reply, session.token, session.isPersistent, session.expiresAt);
    cookies.device.set(reply, device.token, true, device.expiresAt);
  };

  const endSession = async (request: FastifyRequest, reply: FastifyReply) => {
    await sessions.logout(request.auth?.token ?? cookies.session.read(request));
    cookies.session.clear(reply);
  };

  app.get('/api/auth/user', async (request) => (request.auth ? presentUser(request.auth.user) : null));

  // Issue 33: the account and everything in it, at once (docs/decisions/0149).
  app.delete('/api/auth/user', async (request, reply) => {
    const auth = requireUser(request);
    const input = deleteAccountRequestSchema.parse(request.body ?? {});
    const result = await deps.accountDeletion.deleteAccount(auth, input);
    cookies.session.clear(reply);
    cookies.device.clear(reply);
    return result;
  });

  // Issue 33: everything kept about the account, as a file (docs/decisions/0149).
  app.get('/api/auth/user/export', async (request, reply) => {
    const { user, sessionId } = requireUser(request);
    const data = await deps.accountExport.exportOf(user.id, sessionId);
    if (!data) throw new HttpError(401, authTexts.signInRequired, { code: ErrorCode.unauthorized });
    const day = data.exportedAt.slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="vehicle-contact-data-${day}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  // Issue 36: the account's language, which its mails and pushes are written in (docs/decisions/0164).
  app.put('/api/auth/locale', async (request) => {
    const { user } = requireUser(request);
    const { locale } = localeRequestSchema.parse(request.body);
    return auth.setLocale(user.id, locale);
  });

  app.get('/api/auth/providers', async () => deps.providers());

  app.post('/api/auth/register', async (request, reply) => {
    const input = registerRequestSchema.parse(request.body);
    const result = await auth.register(input, request.ip, bindBrowser(request, reply));
    return reply.status(201).send(result);
  });

  app.post('/api/auth/login', async (request, reply) => {
    const input = loginRequestSchema.parse(request.body);
    const { result, ...signedIn } = await auth.login(input, request.ip, browserOf(request));
    setSignedIn(reply, signedIn);
    return result;
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await endSession(request, reply);
    return { message: authTexts.loggedOut };
  });

  // "Back to Login" of the verification screen. A navigation from elsewhere is asked to confirm first
  // (docs/decisions/0051-logout-confirmation.md).
  app.get('/api/logout', async (request, reply) => {
    if (!mayEndSessionOnGet(request)) {
      return reply.asPage().type('text/html; charset=utf-8').send(LOGOUT_CONFIRM_PAGE);
    }
    await endSession(request, reply);
    return reply.redirect(SIGNED_OUT_PATH);
  });

  // The confirmation page's form (the Origin check has refused any other site's).
  app.post('/api/logout', async (request, reply) => {
    await endSession(request, reply);
    return reply.redirect(SIGNED_OUT_PATH, 303);
  });

  app.post('/api/auth/refresh-session', async (request, reply) => {
    const current = request.auth;
    const expiresAt = await sessions.refresh(current).catch((error: unknown) => {
      cookies.session.clear(reply);
      throw error;
    });
    if (current) cookies.session.set(reply, current.token, current.isPersistent, expiresAt);
    return { message: authTexts.sessionExtended };
  });

  app.post('/api/auth/forgot-password', async (request) =>
    auth.forgotPassword(emailRequestSchema.parse(request.body), request.ip),
  );

  app.post('/api/auth/reset-password', async (request) =>
    auth.resetPassword(resetPasswordRequestSchema.parse(request.body), request.ip),
  );

  app.post('/api/auth/resend-verification', async (request, reply) => {
    const input = emailRequestSchema.parse(request.body);
    return auth.resendVerification(input, request.ip, bindBrowser(request, reply));
  });

  app.get<{ Querystring: { token?: unknown } }>('/api/auth/verify-email', async (request, reply) => {
    const token = verificationTokenSchema.safeParse(request.query.token);
    const verified = token.success
      ? await auth.verifyEmail(token.data, cookies.signup.read(request), browserOf(request))
      : undefined;
    if (!verified) return reply.redirect('/auth?mode=login&verification=invalid');
    if (!verified.session || !verified.device) return reply.redirect('/auth?mode=login&verified=1');
    setSignedIn(reply, { session: verified.session, device: verified.device });
    cookies.signup.clear(reply);
    return reply.redirect('/?verified=1');
  });
}
