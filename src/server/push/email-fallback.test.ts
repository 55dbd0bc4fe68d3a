import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_FALLBACK_AFTER_MS,
  EMAIL_FALLBACK_INTERVAL_MS,
} from '../../shared/messaging/status.contract.js';
import { notificationPreferencesTexts } from '../../shared/push/push.contract.js';
import { buildApp } from '../app.js';
import { createSmtpMailer } from '../mail/mailer.js';
import { MemoryRateLimitStore } from '../rate-limit/rate-limiter.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call } from '../test/http.js';
import { linkIn } from '../test/mail.js';
import { startTestPushService } from '../test/push-service.js';
import { createTestApp, createVerifiedUser, TEST_ORIGIN, type TestApp } from '../test/test-app.js';

/*
 * Issue 32's e-mail fallback (docs/decisions/0145): two minutes after a message to a vehicle's owner that
 * neither a live socket nor a push service took, the owner gets one e-mail, at most one per conversation
 * per hour, with nothing of who wrote. The scan is the job every instance runs; tests run it at once.
 */
describe.each(testEngines)('the e-mail fallback on %s', (engine) => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startTestPushService>>;
  beforeAll(async () => {
    service = await startTestPushService();
    t = await createTestApp(engine, { config: { pushServiceHosts: [service.host] } });
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  const scan = () => t.app.jobs.runNow('email-fallback');
  /** The fallback's mails to `email` (the account's verification mail aside). */
  const mailsTo = (email: string) =>
    t.mail.messages.filter((mail) => mail.to.includes(email) && mail.subject.startsWith('New message'));
  const userIdOf = async (cookie: string): Promise<string> =>
    (await call(t.app, 'GET', '/api/auth/user', { cookie })).json().id;

  /** A verified owner with one vehicle (no display name: the vehicle is named "year make model"). */
  async function anOwner() {
    const owner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie, { make: 'Toyota', model: 'Camry', year: '2020' });
    return { ...owner, vehicle, id: await userIdOf(owner.cookie) };
  }

  /** A signed-out visitor's message to `vehicleId`; with `cookie`, the same visitor again. */
  async function visitorWrites(vehicleId: string, content: string, cookie?: string) {
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie,
      body: { vehicleId, content },
    });
    expect(sent.statusCode).toBe(201);
    const visitor = sent.cookies.find((c) => c.name === 'visitor');
    const { id, conversationId } = sent.json() as { id: string; conversationId: string };
    return { id, conversationId, cookie: cookie ?? `visitor=${visitor?.value}` };
  }

  const deliveredAtOf = async (messageId: string) =>
    (
      await t.db
        .selectFrom('messages')
        .select('deliveredAt')
        .where('id', '=', messageId)
        .executeTakeFirstOrThrow()
    ).deliveredAt;

  const preferences = (cookie: string, body?: object) =>
    call(t.app, body ? 'PUT' : 'GET', '/api/push/preferences', { cookie, body });

  it('mails the owner two minutes after a message nothing delivered: the vehicle, a link, the text; nothing of the sender', async () => {
    const owner = await anOwner();
    const sender = await createVerifiedUser(t, undefined, {
      firstName: 'Zephyrine',
      lastName: 'Quillbottom',
    });
    const senderVehicle = await buildVehicle(t.app, sender.cookie, {
      make: 'Honda',
      model: 'Civic',
      year: '2019',
      displayName: 'Bluebell',
    });
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: sender.cookie,
      body: { vehicleId: owner.vehicle.id, content: 'Your lights are on' },
    });
    expect(sent.statusCode).toBe(201);
    const { conversationId } = sent.json();

    t.clock.advance(EMAIL_FALLBACK_AFTER_MS - 1_000);
    await scan();
    expect(mailsTo(owner.email)).toHaveLength(0);

    t.clock.advance(1_000);
    await scan();
    expect(mailsTo(owner.email)).toHaveLength(1);
    const [mail] = mailsTo(owner.email);
    const { vehicle } = owner;
    expect(mail?.subject).toBe(`New message for your 2020 Toyota Camry (${vehicle.licensePlate})`);
    expect(linkIn(mail ?? { subject: '', text: '' }).href).toBe(
      `${TEST_ORIGIN}/conversations/${conversationId}`,
    );
    expect(mail?.text).toContain('Your lights are on');
    expect(mail?.text).toContain(notificationPreferencesTexts.emailFallback);
    expect(mail?.text).toContain('Settings');

    const senderUser = (await call(t.app, 'GET', '/api/auth/user', { cookie: sender.cookie })).json();
    for (const secret of [
      senderUser.email,
      senderUser.email.split('@')[0],
      senderUser.id,
      'Zephyrine',
      'Quillbottom',
      'Honda',
      'Civic',
      'Bluebell',
      senderVehicle.licensePlate,
      senderVehicle.id,
    ]) {
      expect(mail?.raw, secret).not.toContain(secret);
    }

    // The owner's reply to the sender (who has no push either) is no message to an owner: no mail.
    const reply = await call(t.app, 'POST', `/api/conversations/${conversationId}/messages`, {
      cookie: owner.cookie,
      body: { content: 'Thanks, on my way' },
    });
    expect(reply.statusCode).toBe(201);
    t.clock.advance(EMAIL_FALLBACK_AFTER_MS);
    await scan();
    expect(mailsTo(sender.email)).toHaveLength(0);
    expect(mailsTo(owner.email)).toHaveLength(1);
  });

  it("leaves the text out for an owner who hides previews, and never names the visitor's browser", async () => {
    const owner = await anOwner();
    expect((await preferences(owner.cookie, { showPreviews: false })).statusCode).toBe(200);
    const message = await visitorWrites(owner.vehicle.id, 'The gate code is 4711');
    const { visitorTwoHash } = await t.db
      .selectFrom('conversations')
      .select('visitorTwoHash')
      .where('id', '=', message.conversationId)
      .executeTakeFirstOrThrow();

    t.clock.advance(EMAIL_FALLBACK_AFTER_MS);
    await scan();
    const [mail] = mailsTo(owner.email);
    expect(mail?.subject).toBe(`New message for your 2020 Toyota Camry (${owner.vehicle.licensePlate})`);
    expect(mail?.text).toContain(notificationPreferencesTexts.hiddenPreview);
    const visitorToken = message.cookie.replace(/^visitor=/, '');
    for (const secret of ['4711', 'gate code', visitorTwoHash ?? 'no hash kept', visitorToken]) {
      expect(mail?.raw, secret).not.toContain(secret);
    }
  });

  it('sends none when a push service accepted the notification: the dispatcher marked the message Delivered', async () => {
    const owner = await anOwner();
    const browser = service.subscribe();
    const subscribed = await call(t.app, 'POST', '/api/push/subscribe', {
      cookie: owner.cookie,
      body: { ...browser },
    });
    expect(subscribed.statusCode).toBe(201);
    const message = await visitorWrites(owner.vehicle.id, 'Your window is open');
    await expect
      .poll(() => service.received.filter((push) => push.subscription === browser.id).length)
      .toBe(1);
    await expect.poll(() => deliveredAtOf(message.id)).not.toBeNull();

    t.clock.advance(EMAIL_FALLBACK_AFTER_MS);
    await scan();
    expect(mailsTo(owner.email)).toHaveLength(0);
    expect(service.failures).toEqual([]);
  });

  it('mails when the push service answered 410 (the subscription is gone)', async () => {
    const owner = await anOwner();
    const browser = service.subscribe();
    await call(t.app, 'POST', '/api/push/subscribe', { cookie: owner.cookie, body: { ...browser } });
    service.respondWith(browser.id, 410);
    const message = await visitorWrites(owner.vehicle.id, 'Your tyre is flat');
    await expect
      .poll(async () => (await call(t.app, 'GET', '/api/push/status', { cookie: owner.cookie })).json())
      .toEqual({ isSubscribed: false });
    expect(await deliveredAtOf(message.id)).toBeNull();

    t.clock.advance(EMAIL_FALLBACK_AFTER_MS);
    await scan();
    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(mailsTo(owner.email)[0]?.text).toContain('Your tyre is flat');
  });

  it('mails at most once per conversation per hour; another conversation gets its own', async () => {
    const owner = await anOwner();
    const first = await visitorWrites(owner.vehicle.id, 'First message');
    t.clock.advance(EMAIL_FALLBACK_AFTER_MS);
    await scan();
    expect(mailsTo(owner.email)).toHaveLength(1);

    // Five minutes after the first, the same visitor writes again: the conversation was mailed this hour.
    t.clock.advance(3 * 60_000);
    const second = await visitorWrites(owner.vehicle.id, 'Second message', first.cookie);
    expect(second.conversationId).toBe(first.conversationId);
    for (let scans = 0; scans < 4; scans++) {
      t.clock.advance(EMAIL_FALLBACK_AFTER_MS);
      await scan();
    }
    expect(mailsTo(owner.email)).toHaveLength(1);

    // Another visitor's conversation with the same owner is mailed for itself.
    await visitorWrites(owner.vehicle.id, 'Another visitor');
    t.clock.advance(EMAIL_FALLBACK_AFTER_MS);
    await scan();
    expect(mailsTo(owner.email)).toHaveLength(2);
    expect(mailsTo(owner.email)[1]?.text).toContain('Another visitor');

    // An hour after the first mail, the first conversation may be mailed again.
    t.clock.advance(EMAIL_FALLBACK_INTERVAL_MS);
    await visitorWrites(owner.vehicle.id, 'Third message', first.cookie);
    t.clock.advance(EMAIL_FALLBACK_AFTER_MS);
    await scan();
    expect(mailsTo(owner.email)).toHaveLength(3);
    expect(mailsTo(owner.email)[2]?.text).toContain('Third message');
    expect(linkIn(mailsTo(owner.email)[2] ?? { subject: '', text: '' }).pathname).toBe(
      `/conversations/${first.conversationId}`,
    );
  });

  it('sends none to an owner who turned it off, nor to an address not verified', async () => {
    const off = await anOwner();
    const saved = await preferences(off.cookie, { emailFallback: false });
    expect(saved.json()).toMatchObject({ showPreviews: true, emailFallback: false });
    const unverified = await anOwner();
    // As an account signed in with a provider that does not vouch for its address (OIDC) is.
    await t.db.updateTable('users').set({ emailVerified: 0 }).where('id', '=', unverified.id).execute();
    await visitorWrites(off.vehicle.id, 'Hello');
    await visitorWrites(unverified.vehicle.id, 'Hello');

    t.clock.advance(EMAIL_FALLBACK_AFTER_MS);
    await scan();
    expect(mailsTo(off.email)).toHaveLength(0);
    expect(mailsTo(unverified.email)).toHaveLength(0);
  });

  it('tries again at the next scan when the mail server refused the mail', async () => {
    const owner = await anOwner();
    await visitorWrites(owner.vehicle.id, 'Your boot is open');
    t.clock.advance(EMAIL_FALLBACK_AFTER_MS);
    t.mail.refuse('recipient');
    try {
      await scan();
      await t.mail.waitForRefusal(owner.email);
    } finally {
      t.mail.accept();
    }
    expect(mailsTo(owner.email)).toHaveLength(0);
    t.clock.advance(30_000);
    await scan();
    expect(mailsTo(owner.email)).toHaveLength(1);
  });

  it('mails once when two instances on one database scan at the same moment', async () => {
    const mailer = createSmtpMailer(t.mail.url, t.config.mailFrom);
    const other = await buildApp({
      config: t.config,
      database: { db: t.db, engine, eraseSoon: () => undefined, close: async () => undefined },
      mailer,
      rateLimitStore: new MemoryRateLimitStore(t.clock.now),
      clock: t.clock.now,
    });
    try {
      await other.ready();
      const owners = await Promise.all([anOwner(), anOwner(), anOwner()]);
      for (const owner of owners) {
        await visitorWrites(owner.vehicle.id, 'Hello');
        await visitorWrites(owner.vehicle.id, 'Hello again');
      }
      t.clock.advance(EMAIL_FALLBACK_AFTER_MS);
      await Promise.all([scan(), other.jobs.runNow('email-fallback'), scan()]);
      await Promise.all([other.jobs.runNow('email-fallback'), scan()]);
      // Two conversations of each owner, one mail each.
      expect(owners.map((owner) => mailsTo(owner.email).length)).toEqual([2, 2, 2]);
    } finally {
      await other.close();
      mailer.close();
    }
  });

  describe('the setting (GET and PUT /api/push/preferences)', () => {
    it('is on by default; PUT changes either switch alone, or both, and answers both', async () => {
      const { cookie } = await createVerifiedUser(t);
      expect((await preferences(cookie)).json()).toMatchObject({ showPreviews: true, emailFallback: true });
      const answers = [];
      for (const body of [
        { emailFallback: false },
        { showPreviews: false },
        { emailFallback: true },
        { showPreviews: true, emailFallback: false },
      ]) {
        const saved = await preferences(cookie, body);
        expect(saved.statusCode).toBe(200);
        const { showPreviews, emailFallback } = saved.json();
        answers.push({ showPreviews, emailFallback });
      }
      expect(answers).toEqual([
        { showPreviews: true, emailFallback: false },
        { showPreviews: false, emailFallback: false },
        { showPreviews: false, emailFallback: true },
        { showPreviews: true, emailFallback: false },
      ]);
      expect((await preferences(cookie)).json()).toMatchObject({ showPreviews: true, emailFallback: false });
    });

    it('refuses a switch that is not true or false, and a body with neither, changing nothing', async () => {
      const { cookie } = await createVerifiedUser(t);
      await preferences(cookie, { showPreviews: false });
      const cases: Array<[unknown, string]> = [
        [{ emailFallback: 'no' }, notificationPreferencesTexts.emailFallbackRequired],
        [{ emailFallback: null }, notificationPreferencesTexts.emailFallbackRequired],
        [{ emailFallback: 0 }, notificationPreferencesTexts.emailFallbackRequired],
        [{ showPreviews: true, emailFallback: 'false' }, notificationPreferencesTexts.emailFallbackRequired],
        [{ showPreviews: 'yes', emailFallback: false }, notificationPreferencesTexts.showPreviewsRequired],
        [{}, notificationPreferencesTexts.preferenceRequired],
        [{ emailfallback: false }, notificationPreferencesTexts.preferenceRequired],
        [[], 'Request body must be a JSON object'],
      ];
      for (const [body, message] of cases) {
        const refused = await call(t.app, 'PUT', '/api/push/preferences', { cookie, body });
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(refused.json().message, JSON.stringify(body)).toBe(message);
      }
      expect((await preferences(cookie)).json()).toMatchObject({ showPreviews: false, emailFallback: true });
      expect(
        (await call(t.app, 'PUT', '/api/push/preferences', { body: { emailFallback: false } })).statusCode,
      ).toBe(401);
    });
  });
});
