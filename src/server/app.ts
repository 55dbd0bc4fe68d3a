import type { AddressInfo } from 'node:net';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { createAccountData } from './account-data.js';
import { createAccountsPort } from './auth/accounts.port.js';
import { registerAuthFeature } from './auth/auth.feature.js';
import { BackgroundTasks } from './background.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/index.js';
import { errorCode } from './errors/error-code.js';
import { createInProcessEventBus, type EventBus } from './events/event-bus.js';
import type { Feature, FeatureDeps } from './feature.js';
import { registerFinderPages } from './finder-pages/finder-pages.feature.js';
import { registerHealthFeature } from './health/health.feature.js';
import { Readiness } from './health/readiness.js';
import { localeOfRequest, registerRequestLocale } from './i18n.js';
import { Jobs } from './jobs/jobs.js';
import type { Mailer } from './mail/mailer.js';
import { registerMessagingFeature } from './messaging/messaging.feature.js';
import { createMessagingPort } from './messaging/messaging.port.js';
import { createMetrics, startMetricsServer } from './metrics/metrics.js';
import { proxyTrustOf } from './plugins/client-address.js';
import { createEarlyAnswers } from './plugins/early-answers.js';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/errors.js';
import { registerInputGuards } from './plugins/input.js';
import { echoRequestId, requestIdOf } from './plugins/request-id.js';
import { apiHeadersFor, registerSecurity } from './plugins/security.js';
import { registerClient } from './plugins/static.js';
import { registerPushFeature } from './push/push.feature.js';
import { RateLimiter, type RateLimitStore } from './rate-limit/rate-limiter.js';
import { registerRealtimeFeature } from './realtime/realtime.feature.js';
import { registerSupportFeature } from './support/support.feature.js';
import { registerVehiclesFeature } from './vehicles/vehicles.feature.js';

/** The features, in the order they register. Each builds itself from the shared deps. */
const features: Feature[] = [
  registerHealthFeature,
  registerAuthFeature,
  registerVehiclesFeature,
  registerMessagingFeature,
  registerRealtimeFeature,
  registerPushFeature,
  registerSupportFeature,
];

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  rateLimitStore: RateLimitStore;
  /** Redis pub/sub when instances share one; in-process otherwise (closed by whoever made it). */
  events?: EventBus;
  /** The built client (dist/client); undefined serves the API only. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  clock?: Clock;
  /** What GET /api/ready answers (main marks it draining on SIGTERM); ready once the app is. */
  readiness?: Readiness;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's periodic work (tests and operators can run a job now). */
    jobs: Jobs;
    /** Where this instance's metrics listener is bound (METRICS_PORT); undefined when it has none. */
    metricsAddress(): AddressInfo | undefined;
  }
}

/** The whole server, without listening: what main starts and what tests inject into. */
export async function buildApp(deps: AppDeps) {
  const { config } = deps;
  const earlyAnswers = createEarlyAnswers(apiHeadersFor(config), (request) => ({
    'content-language': localeOfRequest(request),
  }));
  const app = Fastify({
    // The health check is answered ahead of the framework once its answer is known (plugins/early-answers.ts).
    serverFactory: earlyAnswers.serverFactory,
    logger: deps.logger ?? false,
    bodyLimit: 64 * 1024,
    // No router-level cap (its error has another shape): handlers bound their parameters themselves,
    // and Node already bounds the whole URL.
    routerOptions: { maxParamLength: 16_384 },
    // Malformed addresses and HTTP answer in our {message, code} shape too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // The same trust answers a WebSocket upgrade's address (plugins/client-address.ts).
    trustProxy: proxyTrustOf(config.trustProxy),
    // A trusted proxy's X-Request-Id, else a new one: in every log line about the request, and its answer.
    genReqId: requestIdOf(config.trustProxy),
  });
  echoRequestId(app);

  registerErrorHandling(app);
  // Each request's texts in its language (i18n.ts), from its first hook on.
  registerRequestLocale(app);
  // First: every answer carries the security headers, a refused input's too.
  registerSecurity(app, { appOrigin: config.appOrigin, isHttps: config.isHttps });
  registerInputGuards(app);
  await app.register(cookie);

  // Errors of work nobody waits for can quote an address: log the kind of failure only.
  const kindOf = (error: unknown) => {
    const { responseCode } = (error ?? {}) as { responseCode?: number };
    return { code: errorCode(error), responseCode };
  };
  const metrics = createMetrics(deps.database.poolUse);
  const jobs = new Jobs(
    (error, name) => app.log.error(kindOf(error), `job ${name} failed`),
    metrics.port.jobRan,
  );
  const clock = deps.clock ?? systemClock;
  const bus =
    deps.events ??
    createInProcessEventBus((error, name) => app.log.error(kindOf(error), `${name} handler failed`));
  // Every failed announcement is counted, whoever published it.
  const events: EventBus = {
    ...bus,
    publish: (name, payload) =>
      bus.publish(name, payload).catch((error: unknown) => {
        metrics.port.publishFailed(name);
        throw error;
      }),
  };
  const featureDeps: FeatureDeps = {
    config,
    database: deps.database,
    mailer: deps.mailer,
    limiter: new RateLimiter(deps.rateLimitStore, config.rateLimitMultiplier),
    clock,
    events,
    accounts: createAccountsPort(deps.database),
    messaging: createMessagingPort(deps.database, clock, { events }),
    accountData: createAccountData(),
    jobs,
    answerEarly: earlyAnswers.set,
    background: new BackgroundTasks((error, label) => app.log.error(kindOf(error), `${label} failed`)),
    readiness: deps.readiness ?? new Readiness(),
    metrics: metrics.port,
  };
  app.decorate('jobs', jobs);
  // Every answer by its route's pattern (never the raw URL, which may carry a token); unmatched: 404s.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  // Never the metrics on the public origin: a scraper pointed at the wrong port gets a plain 404, not the SPA.
  app.get('/metrics', (_request, reply) => reply.status(404).type('text/plain').send('Not found'));
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  app.decorate('metricsAddress', () => metricsServer?.address());
  for (const register of features) await register(app, featureDeps);
  await registerFinderPages(app, deps.clientDir);
  await registerClient(app, deps.clientDir);

  app.addHook('onReady', async () => {
    if (config.metricsPort !== undefined) {
      metrics.collectProcessMetrics();
      metricsServer = await startMetricsServer(metrics.registry, {
        port: config.metricsPort,
        host: config.host,
      });
    }
    await featureDeps.events.ready();
    jobs.start();
    featureDeps.readiness.markReady();
  });
  app.addHook('preClose', (done) => {
    earlyAnswers.close();
    done();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await metricsServer?.close();
    // Mail promised by an answer already sent goes out before the process ends.
    await featureDeps.background.drain();
  });

  return app;
}
