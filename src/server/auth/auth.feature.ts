import type { FastifyInstance } from 'fastify';
import { createTransaction } from '../db/transaction.js';
import { errorCode } from '../errors/error-code.js';
import type { Feature } from '../feature.js';
import {
  type FindSession,
  registerSessionAuth,
  sessionCookie,
  signupBindingCookie,
  trustedDeviceCookie,
} from '../plugins/session.js';
import { createAuthRepo } from './auth.repo.js';
import { registerAuthRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';
import { createOidcRepo } from './oidc.repo.js';
import { registerOidcRoutes } from './oidc.routes.js';
import { createOidcService } from './oidc.service.js';
import { createSessionsService } from './sessions.service.js';

const CLEANUP_INTERVAL_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The session lookup, for what authenticates outside /api (the WebSocket upgrade). */
    findSession: FindSession;
    /** When a session (by its id) ends unless refreshed, or null once it has: for sockets that outlive a read. */
    sessionEndsAt: (sessionId: string) => Promise<number | null>;
  }
}

/** Accounts, sessions, verification and reset links, external sign-in. */
export const registerAuthFeature: Feature = (app: FastifyInstance, deps) => {
  const { config, database, clock, limiter } = deps;
  const repo = createAuthRepo(database.db);
  const oidcRepo = createOidcRepo(database.db);
  const cookies = {
    session: sessionCookie(config.isHttps),
    signup: signupBindingCookie(config.isHttps),
    device: trustedDeviceCookie(config.isHttps),
  };

  const sessions = createSessionsService({
    repo,
    clock,
    events: deps.events,
    // The session has ended all the same; only sockets on other instances may stay open a while.
    onAnnounceError: (error) => app.log.warn({ code: errorCode(error) }, 'announce failed'),
  });
  const auth = createAuthService({
    repo,
    transaction: createTransaction(database.db, createAuthRepo),
    sessions,
    mailer: deps.mailer,
    limiter,
    appOrigin: config.appOrigin,
    clock,
    background: deps.background,
  });
  const oidc = createOidcService({
    config: config.oidc,
    appOrigin: config.appOrigin,
    repo,
    oidcRepo,
    transaction: createTransaction(database.db, (db) => ({
      auth: createAuthRepo(db),
      oidc: createOidcRepo(db),
    })),
    sessions,
    limiter,
    clock,
  });

  app.decorate('findSession', sessions.find);
  app.decorate('sessionEndsAt', sessions.endsAt);
  registerSessionAuth(app, { findSession: sessions.findSoon, cookie: cookies.session });
  registerAuthRoutes(app, { auth, sessions, cookies, providers: oidc.providers });
  registerOidcRoutes(app, { oidc, sessions, cookies, isHttps: config.isHttps });

  // Plain deletes by expiry: safe when every instance runs them.
  deps.jobs.register({ name: 'auth-cleanup', intervalMs: CLEANUP_INTERVAL_MS, run: sessions.deleteExpired });
};
