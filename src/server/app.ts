import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { createAuthRepo } from './auth/auth.repo.js';
import { registerAuthRoutes } from './auth/auth.routes.js';
import { createAuthService, SESSION_LIFETIME } from './auth/auth.service.js';
import { createOidcRepo } from './auth/oidc.repo.js';
import { registerOidcRoutes } from './auth/oidc.routes.js';
import { createOidcService } from './auth/oidc.service.js';
import { BackgroundTasks } from './background.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/index.js';
import { registerHealthRoutes } from './health/health.routes.js';
import type { Mailer } from './mail/mailer.js';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/errors.js';
import { registerInputGuards } from './plugins/input.js';
import { registerSecurity } from './plugins/security.js';
import {
  registerSessionAuth,
  sessionCookie,
  signupBindingCookie,
  trustedDeviceCookie,
} from './plugins/session.js';
import { registerClient } from './plugins/static.js';
import { RateLimiter, type RateLimitStore } from './rate-limit/rate-limiter.js';
import { createVehiclesRepo } from './vehicles/vehicles.repo.js';
import { registerVehicleRoutes } from './vehicles/vehicles.routes.js';
import { createVehiclesService } from './vehicles/vehicles.service.js';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  rateLimitStore: RateLimitStore;
  /** The built client (dist/client); undefined serves the API only. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  now?: () => number;
}

const CLEANUP_INTERVAL_MS = 10 * 60_000;

/** The whole server, without listening: what main starts and what tests inject into. */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const now = deps.now ?? Date.now;
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 64 * 1024,
    // No router-level cap (its error has another shape): handlers bound their parameters themselves,
    // and Node already bounds the whole URL.
    routerOptions: { maxParamLength: 16_384 },
    // Malformed addresses and HTTP answer in our {message, code} shape too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // A number of proxies becomes "trust the first n hops" (proxy-addr's hop index).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  });

  registerErrorHandling(app);
  registerInputGuards(app);
  await registerSecurity(app, { appOrigin: config.appOrigin, isHttps: config.isHttps });
  await app.register(cookie);

  const authRepo = createAuthRepo(database.db);
  const cookieJar = sessionCookie(config.isHttps);
  registerSessionAuth(app, {
    repo: authRepo,
    cookie: cookieJar,
    now,
    maxSessionAge: SESSION_LIFETIME.absolute,
  });

  const limiter = new RateLimiter(deps.rateLimitStore, config.rateLimitMultiplier);
  // Transport and database errors can quote an address: log the kind of failure only.
  const background = new BackgroundTasks((error, label) => {
    const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
    app.log.error({ code, responseCode }, `${label} failed`);
  });
  const auth = createAuthService({
    repo: authRepo,
    mailer: deps.mailer,
    limiter,
    appOrigin: config.appOrigin,
    now,
    background,
  });
  const oidc = createOidcService({
    config: config.oidc,
    appOrigin: config.appOrigin,
    repo: authRepo,
    oidcRepo: createOidcRepo(database.db),
    auth,
    limiter,
    now,
  });

  registerHealthRoutes(app, { db: database.db, engine: database.engine });
  registerAuthRoutes(app, {
    auth,
    cookie: cookieJar,
    signupCookie: signupBindingCookie(config.isHttps),
    deviceCookie: trustedDeviceCookie(config.isHttps),
    providers: oidc.providers,
  });
  registerOidcRoutes(app, { oidc, auth, cookie: cookieJar, isHttps: config.isHttps });
  const vehicles = createVehiclesService({ repo: createVehiclesRepo(database.db), limiter, now });
  registerVehicleRoutes(app, { vehicles });
  await registerClient(app, deps.clientDir);

  let cleanup: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    cleanup = setInterval(() => {
      auth.deleteExpired().catch((error) => app.log.warn({ err: error }, 'cleanup failed'));
    }, CLEANUP_INTERVAL_MS);
    cleanup.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(cleanup);
    // Mail promised by an answer already sent goes out before the process ends.
    await background.drain();
  });

  return app;
}
