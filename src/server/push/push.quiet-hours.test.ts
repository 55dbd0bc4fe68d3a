import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietHoursTexts } from '../../shared/push/push.contract.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestAppWithPushService, type TestPushService } from '../test/push-service.js';
import { createVerifiedUser, type TestApp } from '../test/test-app.js';
import { isQuietAt, localMinuteOfDay } from './quiet-hours.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// UTC+14 all year (no summer time): as far from UTC as a zone gets, so local and UTC days differ.
const ZONE = 'Pacific/Kiritimati';
const at = (iso: string) => Date.parse(iso);

describe('quiet hours on the clock (docs/decisions/0150)', () => {
  const night = { enabled: true, start: '22:00', end: '07:00', timeZone: ZONE };

  it('reads the local time of the zone, across the UTC date line', () => {
    // 08:00 UTC is 22:00 in Kiritimati; 16:59 UTC is 06:59 there the next day.
    expect(localMinuteOfDay(at('2026-11-28T08:00:00Z'), ZONE)).toBe(22 * 60);
    expect(localMinuteOfDay(at('2026-11-28T16:59:00Z'), ZONE)).toBe(6 * 60 + 59);
    expect(localMinuteOfDay(at('2026-11-28T08:00:00Z'), 'UTC')).toBe(8 * 60);
  });

  it('holds from start (included) past midnight to end (not), in the zone', () => {
    expect(isQuietAt(night, at('2026-11-28T07:59:59Z'))).toBe(false); // 21:59:59
    expect(isQuietAt(night, at('2026-11-28T08:00:00Z'))).toBe(true); // 22:00
    expect(isQuietAt(night, at('2026-11-28T10:00:00Z'))).toBe(true); // 00:00
    expect(isQuietAt(night, at('2026-11-28T16:59:59Z'))).toBe(true); // 06:59:59
    expect(isQuietAt(night, at('2026-11-28T17:00:00Z'))).toBe(false); // 07:00
    expect(isQuietAt(night, at('2026-11-28T23:00:00Z'))).toBe(false); // 13:00
    // The same range read in UTC is another night altogether.
    expect(isQuietAt({ ...night, timeZone: 'UTC' }, at('2026-11-28T08:00:00Z'))).toBe(false);
    expect(isQuietAt({ ...night, timeZone: 'UTC' }, at('2026-11-28T23:00:00Z'))).toBe(true);
  });

  it('holds within one day when start is before end', () => {
    const afternoon = { enabled: true, start: '13:30', end: '15:00', timeZone: 'UTC' };
    expect(isQuietAt(afternoon, at('2026-11-28T13:29:00Z'))).toBe(false);
    expect(isQuietAt(afternoon, at('2026-11-28T13:30:00Z'))).toBe(true);
    expect(isQuietAt(afternoon, at('2026-11-28T14:59:00Z'))).toBe(true);
    expect(isQuietAt(afternoon, at('2026-11-28T15:00:00Z'))).toBe(false);
  });

  it('never holds when off, without a zone, with a zone this server does not know, or start == end', () => {
    const inside = at('2026-11-28T10:00:00Z');
    expect(isQuietAt({ ...night, enabled: false }, inside)).toBe(false);
    expect(isQuietAt({ ...night, timeZone: null }, inside)).toBe(false);
    expect(isQuietAt({ ...night, timeZone: 'Mars/Olympus_Mons' }, inside)).toBe(false);
    expect(isQuietAt({ ...night, end: '22:00' }, inside)).toBe(false);
  });
});

describe.each(testEngines)('quiet hours and urgent messages on %s', (engine) => {
  let t: TestApp;
  let service: TestPushService;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, service, close } = await createTestAppWithPushService(engine));
  });
  afterAll(() => close());

  const preferences = (cookie: string, body?: object) =>
    call(t.app, body ? 'PUT' : 'GET', '/api/push/preferences', { cookie, body });
  const pushesTo = (id: string) => service.received.filter((received) => received.subscription === id);
  let nextIp = 1;
  /** A visitor of their own (own address: the limits of one do not touch the next). */
  const visitorWrites = async (vehicleId: string, content: string, urgent?: boolean) => {
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId, content, ...(urgent === undefined ? {} : { urgent }) },
      ip: `203.0.113.${nextIp++}`,
    });
    expect(sent.statusCode, sent.body).toBe(201);
  };
  /** Moves the test clock forward to the next moment that is `hh:mm:00` in ZONE. */
  const advanceTo = (hour: number, minute: number) => {
    const now = t.clock.now();
    const nextMinute = Math.ceil(now / MINUTE) * MINUTE;
    t.clock.advance(nextMinute - now);
    const wanted = hour * 60 + minute;
    const minutes = (wanted - localMinuteOfDay(t.clock.now(), ZONE) + 1440) % 1440;
    t.clock.advance(minutes * MINUTE);
    expect(localMinuteOfDay(t.clock.now(), ZONE)).toBe(wanted);
  };

  it('saves quiet hours with the notification preferences, and answers them as saved', async () => {
    const owner = await createVerifiedUser(t);
    expect((await preferences(owner.cookie)).json()).toEqual({
      showPreviews: true,
      emailFallback: true,
      quietHours: { enabled: false, start: '22:00', end: '07:00', timeZone: null },
    });
    const quietHours = { enabled: true, start: '23:30', end: '06:15', timeZone: ZONE };
    const saved = await preferences(owner.cookie, { quietHours });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ showPreviews: true, emailFallback: true, quietHours });
    // The other switches leave them alone, and they leave the switches alone.
    await preferences(owner.cookie, { showPreviews: false });
    await preferences(owner.cookie, { quietHours: { ...quietHours, enabled: false } });
    expect((await preferences(owner.cookie)).json()).toEqual({
      showPreviews: false,
      emailFallback: true,
      quietHours: { ...quietHours, enabled: false },
    });
  });

  it('refuses a bad time, an unknown time zone, equal times or a broken shape with 400, changing nothing', async () => {
    const owner = await createVerifiedUser(t);
    const good = { enabled: true, start: '22:00', end: '07:00', timeZone: 'Europe/Budapest' };
    expect((await preferences(owner.cookie, { quietHours: good })).statusCode).toBe(200);
    const cases: [object, string][] = [
      [{ ...good, start: '24:00' }, quietHoursTexts.timeInvalid],
      [{ ...good, start: '7:00' }, quietHoursTexts.timeInvalid],
      [{ ...good, end: '07:60' }, quietHoursTexts.timeInvalid],
      [{ ...good, end: '' }, quietHoursTexts.timeInvalid],
      [{ ...good, end: 700 }, quietHoursTexts.timeInvalid],
      [{ ...good, start: '06:00', end: '06:00' }, quietHoursTexts.sameTimes],
      [{ ...good, timeZone: 'Mars/Olympus_Mons' }, quietHoursTexts.timeZoneInvalid],
      [{ ...good, timeZone: 'Europe/Budapest; DROP TABLE users' }, quietHoursTexts.timeZoneInvalid],
      [{ ...good, timeZone: '' }, quietHoursTexts.timeZoneInvalid],
      [{ ...good, timeZone: undefined }, quietHoursTexts.timeZoneInvalid],
      [{ ...good, enabled: 'yes' }, quietHoursTexts.enabledRequired],
      [{ start: '22:00', end: '07:00', timeZone: ZONE }, quietHoursTexts.enabledRequired],
    ];
    for (const [quietHours, message] of cases) {
      const refused = await preferences(owner.cookie, { showPreviews: false, quietHours });
      expect(refused.statusCode, JSON.stringify(quietHours)).toBe(400);
      expect(refused.json().message, JSON.stringify(quietHours)).toBe(message);
    }
    for (const quietHours of ['22:00-07:00', [good], 1]) {
      const refused = await preferences(owner.cookie, { quietHours });
      expect(refused.statusCode, JSON.stringify(quietHours)).toBe(400);
      expect(refused.json()).toHaveProperty('message');
    }
    // Nothing changed: not the quiet hours, nor the switch sent with them.
    expect((await preferences(owner.cookie)).json()).toEqual({
      showPreviews: true,
      emailFallback: true,
      quietHours: good,
    });
    expect(
      (await call(t.app, 'PUT', '/api/push/preferences', { body: { quietHours: good } })).statusCode,
    ).toBe(401);
  });

  it('delivers pushes silent inside quiet hours across midnight in the owner’s zone, normal outside, urgent always normal', async () => {
    // The evening there first, then the sign-in: the night below is ten hours of the owner's session, whatever
    // the hour the suite runs (from the morning, the next 21:59 there was a day away and the session gone).
    advanceTo(21, 0);
    const owner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const browser = service.subscribe();
    expect(
      (await call(t.app, 'POST', '/api/push/subscribe', { cookie: owner.cookie, body: { ...browser } }))
        .statusCode,
    ).toBe(201);
    const saved = await preferences(owner.cookie, {
      quietHours: { enabled: true, start: '22:00', end: '07:00', timeZone: ZONE },
    });
    expect(saved.statusCode).toBe(200);

    /** Writes a message now and answers its push, decrypted. */
    const pushOf = async (content: string, urgent?: boolean) => {
      const before = pushesTo(browser.id).length;
      await visitorWrites(vehicle.id, content, urgent);
      await expect.poll(() => pushesTo(browser.id).length).toBe(before + 1);
      return JSON.parse(pushesTo(browser.id)[before]?.plaintext ?? '{}') as Record<string, unknown>;
    };

    advanceTo(21, 59);
    const justBefore = await pushOf('Your lights are on');
    expect(justBefore).not.toHaveProperty('silent');
    expect(justBefore).toMatchObject({ body: 'Your lights are on', unreadCount: 1 });

    t.clock.advance(MINUTE); // 22:00: quiet.
    const atStart = await pushOf('Your lights are on');
    expect(atStart).toMatchObject({ silent: true, body: 'Your lights are on', unreadCount: 2 });

    t.clock.advance(2 * HOUR); // 00:00, the next day there.
    expect(await pushOf('You left your car unlocked')).toMatchObject({ silent: true, unreadCount: 3 });
    // Urgent: marked so, or one of the urgent quick messages left to the default.
    const urgent = await pushOf('Your car is blocking the fire exit', true);
    expect(urgent).not.toHaveProperty('silent');
    expect(urgent).toMatchObject({ body: 'Your car is blocking the fire exit', unreadCount: 4 });
    expect(await pushOf('Emergency - please move your car')).not.toHaveProperty('silent');
    // ... and not when its sender said it is not.
    expect(await pushOf('Your car is blocking my driveway', false)).toMatchObject({ silent: true });

    advanceTo(6, 59);
    expect(await pushOf('Your lights are on')).toMatchObject({ silent: true });
    // Turned off: never silent, also at night.
    const night = { start: '22:00', end: '07:00', timeZone: ZONE };
    expect((await preferences(owner.cookie, { quietHours: { ...night, enabled: false } })).statusCode).toBe(
      200,
    );
    expect(await pushOf('Your lights are on')).not.toHaveProperty('silent');
    expect((await preferences(owner.cookie, { quietHours: { ...night, enabled: true } })).statusCode).toBe(
      200,
    );
    expect(await pushOf('Your lights are on')).toMatchObject({ silent: true });

    t.clock.advance(MINUTE); // 07:00: over.
    const atEnd = await pushOf('Your lights are on');
    expect(atEnd).not.toHaveProperty('silent');
    expect(service.failures).toEqual([]);
  });
});
