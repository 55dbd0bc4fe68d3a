import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase, restrictMode, sqliteFiles } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { errorCode } from './errors/error-code.js';
import { createRedisEventBus } from './events/redis-event-bus.js';
import { isRedisServing, Readiness } from './health/readiness.js';
import { listenWhileStarting } from './health/starting-listener.js';
import { loggerOptions } from './logging.js';
import { createOutboxMailer, createSmtpMailer } from './mail/mailer.js';
import { apiHeadersFor } from './plugins/security.js';
import { MemoryRateLimitStore, RedisRateLimitStore } from './rate-limit/rate-limiter.js';

const here = path.dirname(fileURLToPath(import.meta.url));

// React's server renderer (the finder's pages, decision 0168) picks its build by NODE_ENV when it loads,
// after this: a server started as itself runs the production build unless told otherwise.
process.env.NODE_ENV ??= 'production';

/** The rate limiter relies on PEXPIRE ... NX, new in Redis 7. */
async function requireRedis7(redis: Redis) {
  const version = /redis_version:(\d+)\./.exec(await redis.info('server'))?.[1];
  if (Number(version) < 7) {
    process.stderr.write(`Invalid REDIS_URL: Redis 7 or newer is required (found ${version ?? 'unknown'})\n`);
    process.exit(1);
  }
}

const STICKY_BIT = 0o1000;

/**
 * DATA_DIR holds the database (password hashes, push keys) and the outbox (mail with sign-in links):
 * the directory becomes 700 and those files 600, also when an earlier run left them more open. A shared
 * directory (sticky bit, like /tmp) keeps its own mode; what cannot be changed (another user's) is said.
 */
function restrictDataDir(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const isShared = (fs.statSync(dataDir).mode & STICKY_BIT) !== 0;
  if (isShared) {
    process.stderr.write(
      `DATA_DIR ${dataDir} is a shared directory: its mode is left as it is. Give the data a directory of its own.\n`,
    );
  }
  const outbox = path.join(dataDir, 'outbox');
  const mails = fs.existsSync(outbox)
    ? fs
        .readdirSync(outbox, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(outbox, entry.name))
    : [];
  const targets: Array<[string, number]> = [
    ...(isShared ? [] : [[dataDir, 0o700] as [string, number]]),
    ...sqliteFiles(path.join(dataDir, 'app.db')).map((file): [string, number] => [file, 0o600]),
    [outbox, 0o700],
    ...mails.map((file): [string, number] => [file, 0o600]),
  ];
  let restricted = 0;
  for (const [target, mode] of targets) {
    if (!fs.existsSync(target)) continue;
    try {
      if (restrictMode(target, mode) !== undefined) restricted++;
    } catch (error) {
      const code = errorCode(error);
      if (code !== 'EPERM') throw error;
      process.stderr.write(
        `Could not restrict ${target} to its owner (${code}): chmod ${mode.toString(8)} it.\n`,
      );
    }
  }
  if (restricted > 0) {
    process.stdout.write(`Restricted ${restricted} path(s) in ${dataDir} to the server's user (700/600).\n`);
  }
}

async function main() {
  // Everything the server creates (DATA_DIR, the database, the outbox) is its user's alone.
  process.umask(0o077);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  restrictDataDir(config.dataDir);
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sqliteLockingMode: config.sqliteLockingMode,
    onError: (error) => process.stderr.write(`Database connection error: ${error.message}\n`),
  });
  // While it migrates and connects, the port answers 503 "starting" (docs/decisions/0158).
  const starting = await listenWhileStarting(config.port, config.host, apiHeadersFor(config));
  await migrateToLatest(database.db);

  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    // Reconnects by itself; an outage must not crash the process.
    redis.on('error', (error) => process.stderr.write(`Redis error: ${error.message}\n`));
    await redis.connect();
    await requireRedis7(redis);
  }

  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom);

  const clientDir = [path.resolve(here, '../client'), path.resolve(here, '../../dist/client')].find((dir) =>
    fs.existsSync(path.join(dir, 'index.html')),
  );

  // Every instance hears every domain event through Redis; its SUBSCRIBE needs a connection of its own.
  const events = redis
    ? await createRedisEventBus(redis, (error, name) =>
        process.stderr.write(
          `Event ${name} handler failed: ${(error as Error).name}${errorCode(error) ? ` (${errorCode(error)})` : ''}\n`,
        ),
      )
    : undefined;

  // Not ready while Redis, when configured, cannot be reached or the bus is not hearing (GET /api/ready).
  const readiness = new Readiness(redis && events ? isRedisServing(redis, events) : undefined);
  const app = await buildApp({
    config,
    database,
    mailer,
    rateLimitStore: redis ? new RedisRateLimitStore(redis) : new MemoryRateLimitStore(),
    events,
    clientDir,
    logger: loggerOptions(config.logLevel, config.logFormat),
    readiness,
  });

  /**
   * The drain (docs/decisions/0158): not ready at once; on SIGTERM, SHUTDOWN_DELAY_MS more of serving, for
   * the balancer to see it and send elsewhere (a person's Ctrl-C, SIGINT, waits for nothing); then app.close:
   * the listener closes, each socket is closed with 1012 (its client reconnects at once, elsewhere),
   * requests in flight finish, jobs stop, pushes claimed and mail promised go out; then the connections.
   */
  let isStopping = false;
  const stop = async (signal: 'SIGTERM' | 'SIGINT') => {
    if (isStopping) return;
    isStopping = true;
    readiness.markDraining();
    const delayMs = signal === 'SIGTERM' ? config.shutdownDelayMs : 0;
    app.log.info({ signal, delayMs }, 'stopping: not ready, serving on for the drain delay');
    try {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      app.log.info({ signal }, 'stopping: finishing requests in flight');
      await app.close();
    } finally {
      mailer.close();
      await events?.close();
      redis?.disconnect();
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.ready();
  await starting.close();
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite at ${path.join(config.dataDir, 'app.db')}`;
  const mail = config.smtpUrl
    ? 'SMTP'
    : `files in ${path.join(config.dataDir, 'outbox')}, their links printed here`;
  // One line per start: where to open the app, where its data and its mail go.
  process.stdout.write(
    `Vehicle Contact is running at ${config.appOrigin} · database: ${where} · mail: ${mail}\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
