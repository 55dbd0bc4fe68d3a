import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_FALLBACK_AFTER_MS, NOTIFY_AGAIN_AFTER_MS } from '../../shared/messaging/status.contract.js';
import { vehicleTexts } from '../../shared/vehicles/texts.js';
import { withLocale } from '../i18n.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestAppWithPushService, type TestPushService } from '../test/push-service.js';
import { createVerifiedUser, type TestApp } from '../test/test-app.js';

/*
 * Issue 36: "an account set to German gets its fallback mails in German and its pushes' titles in German,
 * while a zh-CN finder writing to it sees Chinese" (docs/decisions/0164). What the finder wrote is never
 * translated.
 */
describe.each(testEngines)("pushes and fallback mails in the recipient's language on %s", (engine) => {
  let t: TestApp;
  let service: TestPushService;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, service, close } = await createTestAppWithPushService(engine));
  });
  afterAll(() => close());

  const chinese = { 'accept-language': 'zh-CN,zh;q=0.9' };
  const pushesTo = (id: string) => service.received.filter((received) => received.subscription === id);

  /** An owner whose account is set to German, with a Toyota and (optionally) a subscribed browser. */
  async function aGermanOwner() {
    const owner = await createVerifiedUser(t);
    const set = await call(t.app, 'PUT', '/api/auth/locale', {
      cookie: owner.cookie,
      body: { locale: 'de-DE' },
    });
    expect(set.statusCode).toBe(200);
    const vehicle = await buildVehicle(t.app, owner.cookie, { make: 'Toyota', model: 'Camry', year: '2020' });
    return { ...owner, vehicle };
  }

  it('titles the German owner’s push in German while the Chinese finder is answered in Chinese', async () => {
    const owner = await aGermanOwner();
    const browser = service.subscribe();
    const subscribed = await call(t.app, 'POST', '/api/push/subscribe', {
      cookie: owner.cookie,
      body: { ...browser },
    });
    expect(subscribed.statusCode).toBe(201);

    // The finder's screens speak Chinese: a plate not found is answered in Chinese.
    const lookup = await call(t.app, 'GET', '/api/vehicles/lookup/NOPE-0000', { headers: chinese });
    expect(lookup.statusCode).toBe(404);
    expect(lookup.json().message).toBe(withLocale('zh-CN', () => vehicleTexts.vehicleNotFound));
    expect(lookup.json().message).not.toBe(vehicleTexts.vehicleNotFound);

    const written = '您的车灯还亮着';
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: owner.vehicle.id, content: written },
      headers: chinese,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.headers['content-language']).toBe('zh-CN');

    await expect.poll(() => pushesTo(browser.id).length).toBe(1);
    const payload = JSON.parse(pushesTo(browser.id)[0]?.plaintext ?? '{}');
    const { licensePlate } = owner.vehicle;
    expect(payload.title).toBe(`Neue Nachricht für Ihr Fahrzeug 2020 Toyota Camry (${licensePlate})`);
    // What the finder wrote, as written.
    expect(payload.body).toBe(written);

    // "Notify again": the reminder too, in German.
    t.clock.advance(NOTIFY_AGAIN_AFTER_MS);
    const visitor = `visitor=${sent.cookies.find((c) => c.name === 'visitor')?.value}`;
    const again = await call(t.app, 'POST', `/api/messages/${sent.json().id}/notify-again`, {
      cookie: visitor,
      headers: chinese,
    });
    expect(again.statusCode).toBe(202);
    await expect.poll(() => pushesTo(browser.id).length).toBe(2);
    const reminder = JSON.parse(pushesTo(browser.id)[1]?.plaintext ?? '{}');
    expect(reminder.title).toBe(`Erinnerung: ${payload.title}`);
    expect(reminder.body).toBe(written);
  });

  it('mails the German owner’s fallback in German, the finder’s words untouched', async () => {
    const owner = await aGermanOwner();
    const written = '请挪一下车';
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: owner.vehicle.id, content: written },
      headers: chinese,
    });
    expect(sent.statusCode).toBe(201);
    t.clock.advance(EMAIL_FALLBACK_AFTER_MS);
    await t.app.jobs.runNow('email-fallback');
    const mail = await t.mail.waitFor(owner.email, /^Neue Nachricht/);
    expect(mail.subject).toBe(
      `Neue Nachricht für Ihr Fahrzeug 2020 Toyota Camry (${owner.vehicle.licensePlate})`,
    );
    expect(mail.text).toContain(`„${written}“`);
    expect(mail.text).toContain(
      'Sie erhalten diese E-Mail, weil Ihre Benachrichtigungen Sie nicht innerhalb von 2 Minuten erreicht haben.',
    );
    expect(mail.text).toContain('Unterhaltung öffnen: http');
  });
});
