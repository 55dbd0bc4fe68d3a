import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Engine } from '../db/index.js';
import type { EventBus } from '../events/event-bus.js';
import { createSmtpMailer } from '../mail/mailer.js';
import { MemoryRateLimitStore, type RateLimitStore } from '../rate-limit/rate-limiter.js';
import { TestClock } from './clock.js';
import { createTestDatabase } from './databases.js';
import { call, rememberAppOrigin, TEST_ORIGIN } from './http.js';
import { startMailSink } from './mail-sink.js';

export { TEST_ORIGIN };

export interface TestAppOptions {
  config?: Partial<Config>;
  env?: NodeJS.ProcessEnv;
  rateLimitStore?: RateLimitStore;
  events?: EventBus;
  clientDir?: string;
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
    clock: clock.now,
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

/** A unique address per call, so tests share one database without colliding. */
export const uniqueEmail = (label = 'user') => `${label}-${randomBytes(5).toString('hex')}@example.org`;

export const STRONG_PASSWORD = 'Correct-Horse-9';

function cookieFrom(response: LightMyRequestResponse, names: string[]): string {
  const cookie = response.cookies.find((c) => names.includes(c.name));
  if (!cookie?.value)
    throw new Error(`No ${names[0]} cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** The session cookie a response set, as a Cookie header value. */
export const sessionCookieFrom = (response: LightMyRequestResponse) =>
  cookieFrom(response, ['session', '__Host-session']);

/** The cookie binding a verification link to the browser that registered (or asked to resend). */
export const signupCookieFrom = (response: LightMyRequestResponse) =>
  cookieFrom(response, ['signup', '__Secure-signup']);

/** Registers an account, follows the link from its mail, and answers the signed-in cookie. */
export async function createVerifiedUser(t: TestApp, email = uniqueEmail(), options: { ip?: string } = {}) {
  const register = await call(t.app, 'POST', '/api/auth/register', {
    body: { email, password: STRONG_PASSWORD, firstName: 'Test', lastName: 'User' },
    ip: options.ip,
  });
  if (register.statusCode !== 201) throw new Error(`register failed: ${register.body}`);
  const mail = await t.mail.waitFor(email, /Verify/);
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? '');
  const verify = await call(t.app, 'GET', `${link.pathname}${link.search}`, {
    cookie: signupCookieFrom(register),
  });
  return { email, password: STRONG_PASSWORD, cookie: sessionCookieFrom(verify) };
}
