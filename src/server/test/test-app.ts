import type { LightMyRequestResponse } from 'fastify';
import { type AppDeps, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Engine } from '../db/index.js';
import type { EventBus } from '../events/event-bus.js';
import type { Readiness } from '../health/readiness.js';
import { createSmtpMailer } from '../mail/mailer.js';
import { MemoryRateLimitStore, type RateLimitStore } from '../rate-limit/rate-limiter.js';
import { TestClock } from './clock.js';
import { createCookieJar } from './cookie-jar.js';
import { createTestDatabase } from './databases.js';
import { call, rememberAppOrigin, TEST_ORIGIN } from './http.js';
import { startMailSink } from './mail-sink.js';
import { registerAndVerify, SESSION_COOKIE_NAMES, STRONG_PASSWORD, uniqueEmail } from './sign-up.js';

export { STRONG_PASSWORD, TEST_ORIGIN, uniqueEmail };

export interface TestAppOptions {
  config?: Partial<Config>;
  env?: NodeJS.ProcessEnv;
  rateLimitStore?: RateLimitStore;
  events?: EventBus;
  clientDir?: string;
  readiness?: Readiness;
  logger?: AppDeps['logger'];
}

/** The real app on a fresh database of `engine`, mailing to a real SMTP sink on loopback. */
export async function createTestApp(engine: Engine, options: TestAppOptions = {}) {
  const database = await createTestDatabase(engine);
  const mail = await startMailSink();
  const config: Config = {
    ...loadConfig({
      APP_ORIGIN: TEST_ORIGIN,
      RATE_LIMIT_MULTIPLIER: '1000',
      LOG_LEVEL: 'silent',
      ...options.env,
    }),
    ...options.config,
  };
  const mailer = createSmtpMailer(mail.url, config.mailFrom);
  // Tests move time with `clock.advance` instead of rewriting rows.
  const clock = new TestClock();
  const app = await buildApp({
    config,
    database,
    mailer,
    rateLimitStore: options.rateLimitStore ?? new MemoryRateLimitStore(clock.now),
    events: options.events,
    clientDir: options.clientDir,
    logger: options.logger,
    clock: clock.now,
    readiness: options.readiness,
  });
  await app.ready();
  rememberAppOrigin(app, config.appOrigin);
  return {
    app,
    db: database.db,
    engine,
    config,
    mail,
    clock,
    async close() {
      await app.close();
      mailer.close();
      await mail.close();
      await database.drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

function cookieFrom(response: LightMyRequestResponse, names: readonly string[]): string {
  const cookie = response.cookies.find((c) => names.includes(c.name));
  if (!cookie?.value)
    throw new Error(`No ${names[0]} cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** The session cookie a response set, as a Cookie header value. */
export const sessionCookieFrom = (response: LightMyRequestResponse) =>
  cookieFrom(response, SESSION_COOKIE_NAMES);

/** The cookie binding a verification link to the browser that registered (or asked to resend). */
export const signupCookieFrom = (response: LightMyRequestResponse) =>
  cookieFrom(response, ['signup', '__Secure-signup']);

/** Registers an account, follows the link from its mail, and answers the signed-in cookie. */
export async function createVerifiedUser(
  t: TestApp,
  email = uniqueEmail(),
  options: { ip?: string; firstName?: string; lastName?: string } = {},
) {
  // app.inject keeps no cookies: the jar keeps them, as the browser that registered would.
  const jar = createCookieJar();
  const request = async (method: 'GET' | 'POST', path: string, body?: object) => {
    const url = new URL(path, t.config.appOrigin);
    const response = await call(t.app, method, path, { body, cookie: jar.cookieHeader(url), ip: options.ip });
    jar.store(url, [response.headers['set-cookie'] ?? []].flat().map(String));
    const location = response.headers.location as string | undefined;
    return { status: response.statusCode, body: response.body, location };
  };
  await registerAndVerify(
    { request, mail: (to, subject) => t.mail.waitFor(to, subject) },
    {
      email,
      password: STRONG_PASSWORD,
      firstName: options.firstName ?? 'Test',
      lastName: options.lastName ?? 'User',
    },
  );
  const cookie = jar.find(SESSION_COOKIE_NAMES);
  if (!cookie) throw new Error(`No session cookie after verifying ${email}`);
  return { email, password: STRONG_PASSWORD, cookie };
}
