import type { FastifyInstance } from 'fastify';
import { errorCode } from '../errors/error-code.js';
import type { Feature } from '../feature.js';
import {
  registerSessionAuth,
  sessionCookie,
  signupBindingCookie,
  trustedDeviceCookie,
} from '../plugins/session.js';
import { createAuthServices, sessionsCleanupJob } from './auth.deps.js';
import { registerAuthRoutes } from './auth.routes.js';
import { registerOidcRoutes } from './oidc.routes.js';

/** Accounts, sessions, verification and reset links, external sign-in. */
export const registerAuthFeature: Feature = (app: FastifyInstance, deps) => {
  const { config } = deps;
  const cookies = {
    session: sessionCookie(config.isHttps),
    signup: signupBindingCookie(config.isHttps),
    device: trustedDeviceCookie(config.isHttps),
  };
  const { sessions, auth, oidc, accountDeletion, accountExport } = createAuthServices(deps, (error) =>
    app.log.warn({ code: errorCode(error) }, 'announce failed'),
  );
  app.decorate('findSession', sessions.find);
  app.decorate('sessionEndsAt', sessions.endsAt);
  registerSessionAuth(app, { findSession: sessions.findSoon, cookie: cookies.session });
  registerAuthRoutes(app, {
    ...{ auth, sessions, accountDeletion, accountExport, cookies },
    providers: oidc.providers,
  });
  registerOidcRoutes(app, { oidc, sessions, cookies, isHttps: config.isHttps });

  deps.jobs.register(sessionsCleanupJob(sessions));
};
