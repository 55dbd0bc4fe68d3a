import { createTransaction } from '../db/transaction.js';
import type { FeatureDeps } from '../feature.js';
import type { Job } from '../jobs/jobs.js';
import type { FindSession } from '../plugins/session.js';
import { createAccountDeletion } from './account-deletion.service.js';
import { createAccountExport } from './account-export.service.js';
import { createAuthRepo } from './auth.repo.js';
import { createAuthService } from './auth.service.js';
import { createOidcRepo } from './oidc.repo.js';
import { createOidcService } from './oidc.service.js';
import { createSessionsService } from './sessions.service.js';

const CLEANUP_INTERVAL_MS = 10 * 60_000;

// What auth offers the others on the app: the session lookups, for what authenticates outside /api.
declare module 'fastify' {
  interface FastifyInstance {
    /** The session lookup, for what authenticates outside /api (the WebSocket upgrade). */
    findSession: FindSession;
    /** When a session (by its id) ends unless refreshed, or null once it has: for sockets that outlive a read. */
    sessionEndsAt: (sessionId: string) => Promise<number | null>;
  }
}

/** Auth's services from the app's deps: sessions, accounts and links, external sign-in. */
export function createAuthServices(deps: FeatureDeps, onAnnounceError: (error: unknown) => void) {
  const { config, database, clock, limiter } = deps;
  const repo = createAuthRepo(database.db);
  const oidcRepo = createOidcRepo(database.db);
  const sessions = createSessionsService({
    repo,
    clock,
    events: deps.events,
    // The session has ended all the same; only sockets on other instances may stay open a while.
    onAnnounceError,
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

  const accountDeletion = createAccountDeletion({
    repo,
    transaction: createTransaction(database.db, (db, scope) => Object.assign(createAuthRepo(db), { scope })),
    events: deps.events,
    sessions,
    mailer: deps.mailer,
    limiter,
    clock,
    background: deps.background,
    appOrigin: config.appOrigin,
    eraseSoon: database.eraseSoon,
  });

  const accountExport = createAccountExport({ repo, accountData: deps.accountData, clock });

  return { sessions, auth, oidc, accountDeletion, accountExport };
}

/** Expired sessions and links go: plain deletes by expiry, safe when every instance runs them. */
export const sessionsCleanupJob = (sessions: ReturnType<typeof createSessionsService>): Job => ({
  name: 'auth-cleanup',
  intervalMs: CLEANUP_INTERVAL_MS,
  run: sessions.deleteExpired,
});
