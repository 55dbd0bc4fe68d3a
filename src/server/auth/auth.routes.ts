import type { FastifyInstance } from 'fastify';
import type { AuthProviders } from '../../shared/auth.js';
import type { SessionCookie } from '../plugins/session.js';
import { presentUser } from './auth.presenter.js';
import type { AuthService } from './auth.service.js';

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; cookie: SessionCookie; providers: () => AuthProviders },
): void {
  const { auth, cookie } = deps;

  app.get('/api/auth/user', async (request) => (request.auth ? presentUser(request.auth.user) : null));

  app.get('/api/auth/providers', async () => deps.providers());

  app.post('/api/auth/register', async (request, reply) => {
    const result = await auth.register(request.body, request.ip);
    return reply.status(201).send(result);
  });

  app.post('/api/auth/login', async (request, reply) => {
    const { result, session } = await auth.login(request.body, request.ip);
    // A new token at every sign-in: whatever session the browser held before ends here.
    await auth.endSession(request.auth?.token);
    cookie.set(reply, session.token, session.isPersistent, session.expiresAt);
    return result;
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await auth.endSession(request.auth?.token ?? cookie.read(request));
    cookie.clear(reply);
    return { message: "You've been successfully logged out." };
  });

  app.get('/api/logout', async (request, reply) => {
    await auth.endSession(request.auth?.token ?? cookie.read(request));
    cookie.clear(reply);
    return reply.redirect('/');
  });

  app.post('/api/auth/refresh-session', async (request, reply) => {
    const current = request.auth;
    const expiresAt = current ? await auth.refreshSession(current.token, current.isPersistent) : undefined;
    if (!current || expiresAt === undefined) {
      cookie.clear(reply);
      return reply
        .status(401)
        .send({ message: 'Your session has expired. Please sign in again.', code: 'UNAUTHORIZED' });
    }
    cookie.set(reply, current.token, current.isPersistent, expiresAt);
    return { message: 'Session extended' };
  });

  app.post('/api/auth/forgot-password', async (request) => auth.forgotPassword(request.body));

  app.post('/api/auth/reset-password', async (request) => auth.resetPassword(request.body));

  app.post('/api/auth/resend-verification', async (request) => auth.resendVerification(request.body));

  app.get<{ Querystring: { token?: unknown } }>('/api/auth/verify-email', async (request, reply) => {
    const session = await auth.verifyEmail(request.query.token);
    if (!session) return reply.redirect('/auth?mode=login&verification=invalid');
    await auth.endSession(request.auth?.token);
    cookie.set(reply, session.token, session.isPersistent, session.expiresAt);
    return reply.redirect('/?verified=1');
  });
}
