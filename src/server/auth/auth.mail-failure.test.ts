import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { authTexts } from '../../shared/auth/auth.contract.js';
import { testEngines } from '../test/databases.js';
import { call } from '../test/http.js';
import { linkIn } from '../test/mail.js';
import {
  createTestApp,
  createVerifiedUser,
  STRONG_PASSWORD,
  sessionCookieFrom,
  signupCookieFrom,
  type TestApp,
  uniqueEmail,
} from '../test/test-app.js';

/**
 * A mail server that turns mail away (ADDENDUM §10: a failing send is not revealed): the answer is the
 * one a working server gets, the failure is logged without the address or the link, and the next
 * request mails again. The real SMTP sink refuses; nodemailer meets a real SMTP error.
 */
describe.each(testEngines)('when the mail server refuses mail, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());
  let errorLog: MockInstance<FastifyBaseLogger['error']> | undefined;
  afterEach(() => {
    t.mail.accept();
    // Only this spy: restoring all would also undo setup.ts's console.error guard.
    errorLog?.mockRestore();
  });

  /**
   * What the app logs at error level. createTestApp builds the app without a logger (app.log is
   * Fastify's no-op one) and offers no option for one, so the test records the calls made to it:
   * exactly what a real logger would be handed.
   */
  function recordErrorLog() {
    errorLog = vi.spyOn(t.app.log, 'error');
    return errorLog;
  }

  const answerShape = (response: Awaited<ReturnType<typeof call>>) => ({
    status: response.statusCode,
    body: response.json(),
    cookies: response.cookies.map(({ value: _value, expires: _expires, ...rest }) => rest),
  });

  it('register answers as when the mail goes out, logs the failure without address or link, and mails again later', async () => {
    const deliveredTo = uniqueEmail('delivered');
    const delivered = await call(t.app, 'POST', '/api/auth/register', {
      body: { email: deliveredTo, password: STRONG_PASSWORD },
    });
    expect(delivered.statusCode).toBe(201);
    // Its mail is out before the sink starts refusing.
    await t.mail.waitFor(deliveredTo, /Verify/);

    const errorLog = recordErrorLog();
    t.mail.refuse('recipient');
    const email = uniqueEmail('refused');
    const register = await call(t.app, 'POST', '/api/auth/register', {
      body: { email, password: STRONG_PASSWORD },
    });
    expect(answerShape(register)).toEqual(answerShape(delivered));
    expect(register.json()).toEqual({ emailVerificationRequired: true, message: authTexts.registered });

    // The app did try: the sink turned the verification mail away, and the app logged that.
    expect(await t.mail.waitForRefusal(email)).toEqual({ to: [email], at: 'recipient' });
    await expect.poll(() => errorLog.mock.calls.length, { timeout: 10_000 }).toBe(1);
    expect(errorLog).toHaveBeenCalledWith(
      { code: 'EENVELOPE', responseCode: 550 },
      'verification mail failed',
    );
    const logged = JSON.stringify(errorLog.mock.calls);
    for (const secret of [email, email.split('@')[0] as string, 'token', 'verify-email', 'http']) {
      expect(logged).not.toContain(secret);
    }
    expect(t.mail.count(email)).toBe(0);

    // The mail server is back: asking again mails a link that verifies and signs in.
    t.mail.accept();
    const again = await call(t.app, 'POST', '/api/auth/resend-verification', {
      body: { email },
      cookie: signupCookieFrom(register),
    });
    expect(again.json()).toEqual({ message: authTexts.verificationSent });
    const link = linkIn(await t.mail.waitFor(email, /Verify/));
    const verify = await call(t.app, 'GET', `${link.pathname}${link.search}`, {
      cookie: signupCookieFrom(register),
    });
    expect(verify.headers.location).toBe('/?verified=1');
    const me = await call(t.app, 'GET', '/api/auth/user', { cookie: sessionCookieFrom(verify) });
    expect(me.json()).toMatchObject({ email, emailVerified: true });
  });

  it('forgot-password answers as when the mail goes out, logs the failure without address or link, and mails again later', async () => {
    const user = await createVerifiedUser(t);
    const delivered = await call(t.app, 'POST', '/api/auth/forgot-password', {
      body: { email: user.email },
    });
    const deliveredLink = linkIn(await t.mail.waitFor(user.email, /Reset your password/));

    const errorLog = recordErrorLog();
    t.mail.refuse('message');
    const forgot = await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
    expect(answerShape(forgot)).toEqual(answerShape(delivered));
    expect(forgot.json()).toEqual({ message: authTexts.forgotPasswordSent });

    expect(await t.mail.waitForRefusal(user.email)).toEqual({ to: [user.email], at: 'message' });
    await expect.poll(() => errorLog.mock.calls.length, { timeout: 10_000 }).toBe(1);
    expect(errorLog).toHaveBeenCalledWith(
      { code: 'EMESSAGE', responseCode: 554 },
      'password reset mail failed',
    );
    const logged = JSON.stringify(errorLog.mock.calls);
    for (const secret of [
      user.email,
      user.email.split('@')[0] as string,
      'token',
      'reset-password',
      'http',
    ]) {
      expect(logged).not.toContain(secret);
    }

    // The mail server is back: a new request mails a new link, and it sets the password.
    t.mail.accept();
    const mailsBefore = t.mail.count(user.email);
    const again = await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
    expect(again.json()).toEqual({ message: authTexts.forgotPasswordSent });
    await expect.poll(() => t.mail.count(user.email), { timeout: 10_000 }).toBe(mailsBefore + 1);
    const link = linkIn(await t.mail.waitFor(user.email, /Reset your password/));
    expect(link.href).not.toBe(deliveredLink.href);
    const reset = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { resetToken: link.searchParams.get('token'), newPassword: 'Brand-New-Secret-7' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: 'Brand-New-Secret-7' },
    });
    expect(login.statusCode).toBe(200);
  });
});
