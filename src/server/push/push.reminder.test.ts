import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_AGAIN_AFTER_MS } from '../../shared/messaging/status.contract.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestAppWithPushService, type TestPushService } from '../test/push-service.js';
import { createVerifiedUser, type TestApp } from '../test/test-app.js';

describe.each(testEngines)('notify again, pushed (issue 32) on %s', (engine) => {
  let t: TestApp;
  let service: TestPushService;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, service, close } = await createTestAppWithPushService(engine));
  });
  afterAll(() => close());

  it('sends the owner the same notification again, once, as a reminder at high urgency', async () => {
    const owner = await createVerifiedUser(t, undefined, { firstName: 'Ottoline' });
    const vehicle = await buildVehicle(t.app, owner.cookie, { displayName: 'Blue one' });
    const browser = service.subscribe();
    await call(t.app, 'POST', '/api/push/subscribe', {
      cookie: owner.cookie,
      body: { endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth },
    });
    const pushes = () => service.received.filter((received) => received.subscription === browser.id);
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: vehicle.id, content: 'Your lights are on' },
    });
    const cookie = `visitor=${sent.cookies.find((c) => c.name === 'visitor')?.value}`;
    await expect.poll(() => pushes().length).toBe(1);
    const first = JSON.parse(pushes()[0]?.plaintext ?? '{}');

    t.clock.advance(NOTIFY_AGAIN_AFTER_MS);
    const again = await call(t.app, 'POST', `/api/messages/${sent.json().id}/notify-again`, { cookie });
    expect(again.statusCode).toBe(202);
    await expect.poll(() => pushes().length).toBe(2);
    const reminder = pushes()[1];
    expect(reminder?.headers.urgency).toBe('high');
    const payload = JSON.parse(reminder?.plaintext ?? '{}');
    expect(payload).toEqual({ ...first, title: `Reminder: ${first.title}` });
    expect(payload.title).toBe(`Reminder: New message for your Blue one (${vehicle.licensePlate})`);
    // The badge counts the message once: it is the same unread message.
    expect(payload.unreadCount).toBe(1);
    expect(reminder?.plaintext).not.toContain('Ottoline');

    expect(
      (await call(t.app, 'POST', `/api/messages/${sent.json().id}/notify-again`, { cookie })).statusCode,
    ).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pushes().length).toBe(2);
  });
});
