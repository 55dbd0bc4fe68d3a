import { randomBytes } from 'node:crypto';
import type { RegisterRequest } from '../../shared/auth/auth.contract.js';
import { linkIn } from './mail.js';

/**
 * Signing up as a user does (register, then open the link the verification mail carries), said once for
 * the API tests (app.inject and the SMTP sink), the journeys (Playwright's request context and the
 * outbox) and the benchmarks (fetch and the outbox). Plain node, no app code.
 */

/** A unique address per call, so tests share one database without colliding. */
export const uniqueEmail = (label = 'user') => `${label}-${randomBytes(5).toString('hex')}@example.org`;

/** A password the rules accept (8+ characters, upper, lower, digit). */
export const STRONG_PASSWORD = 'Correct-Horse-9';

/** The session cookie's names: plain over http, `__Host-` over https. */
export const SESSION_COOKIE_NAMES = ['session', '__Host-session'] as const;

/** What the register form sends. */
export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** What a browser's request answers, as far as signing up reads it (redirects are not followed). */
export interface BrowserAnswer {
  status: number;
  body: string;
  location: string | undefined;
}

/** Where the sign-up runs: how to send a request, and how to read the mail. */
export interface SignUpDriver {
  /**
   * Sends one request as one and the same browser: with the app's Origin (a write needs it), an object
   * body as JSON, and the cookies the app set on its earlier answers; a redirect is answered, not followed.
   */
  request(method: 'GET' | 'POST', path: string, body?: object): Promise<BrowserAnswer>;
  /** The newest mail to `to` whose subject matches, waiting for it to arrive. */
  mail(to: string, subject: RegExp): Promise<{ subject: string; text: string }>;
}

/**
 * Registers `account` and opens the link of its verification mail in the same browser, as its owner
 * would; that browser is signed in afterwards. The link signs in only the browser that registered: it
 * carries that browser's signup cookie.
 */
export async function registerAndVerify(driver: SignUpDriver, account: NewAccount): Promise<void> {
  const { email, password, firstName, lastName } = account;
  const body: RegisterRequest = { email, password, firstName, lastName };
  const registered = await driver.request('POST', '/api/auth/register', body);
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${registered.body}`);
  const link = linkIn(await driver.mail(email, /Verify your email/));
  const verified = await driver.request('GET', `${link.pathname}${link.search}`);
  if (verified.location !== '/?verified=1') {
    throw new Error(
      `the verification link ${link.href} answered ${verified.status} to ${verified.location}: ${verified.body}`,
    );
  }
}
