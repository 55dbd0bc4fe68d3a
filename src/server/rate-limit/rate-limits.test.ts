import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call } from '../test/http.js';
import { linkIn } from '../test/mail.js';
import {
  createTestApp,
  createVerifiedUser,
  STRONG_PASSWORD,
  type TestApp,
  uniqueEmail,
} from '../test/test-app.js';
import { MemoryRateLimitStore, type RateLimitStore, RedisRateLimitStore } from './rate-limiter.js';
import { rateLimits } from './rules.js';

const redisUrl = process.env.TEST_REDIS_URL;
const stores = redisUrl ? (['memory', 'redis'] as const) : (['memory'] as const);
const cases = testEngines.flatMap((engine) => stores.map((store) => [engine, store] as const));

const redisClients: Redis[] = [];
function redisStore() {
  const redis = new Redis(redisUrl ?? '', { maxRetriesPerRequest: 1 });
  redisClients.push(redis);
  return new RedisRateLimitStore(redis, `test-${randomBytes(6).toString('hex')}:`);
}
afterAll(() => {
  for (const client of redisClients) client.disconnect();
});

describe.each(cases)('abuse limits on %s with a %s store', (engine, storeKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: { RATE_LIMIT_MULTIPLIER: '1' },
      rateLimitStore: storeKind === 'redis' ? redisStore() : new MemoryRateLimitStore(),
    });
  });
  afterAll(() => t.close());

  const ip = () =>
    `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  async function expectLimitedAfter(allowed: number, send: () => Promise<{ statusCode: number }>) {
    for (let attempt = 1; attempt <= allowed; attempt++) {
      const response = await send();
      expect(response.statusCode, `attempt ${attempt}`).not.toBe(429);
    }
    const limited = (await send()) as Awaited<ReturnType<typeof call>>;
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ message: expect.stringMatching(/Too many/), code: 'RATE_LIMITED' });
    return limited;
  }

  it('allows 10 sign-in attempts per 15 minutes from one address', async () => {
    const address = ip();
    await expectLimitedAfter(10, () =>
      call(t.app, 'POST', '/api/auth/login', {
        body: { email: uniqueEmail(), password: 'Wrong-Pass-1' },
        ip: address,
      }),
    );
    // Another address is not affected.
    const other = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: uniqueEmail(), password: 'Wrong-Pass-1' },
      ip: ip(),
    });
    expect(other.statusCode).toBe(401);
  });

  it('allows 10 sign-in attempts per 15 minutes for one email, from any address, even with the right password', async () => {
    const user = await createVerifiedUser(t);
    await expectLimitedAfter(10, () =>
      call(t.app, 'POST', '/api/auth/login', {
        body: { email: user.email, password: 'Wrong-Pass-1' },
        ip: ip(),
      }),
    );
    const right = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
      ip: ip(),
    });
    expect(right.statusCode).toBe(429);
  });

  const signIn = (email: string, password: string, cookie?: string) =>
    call(t.app, 'POST', '/api/auth/login', { body: { email, password }, ip: ip(), cookie });
  const deviceCookieOf = (response: Awaited<ReturnType<typeof call>>) => {
    const device = response.cookies.find((cookie) => cookie.name === 'device');
    if (!device) throw new Error(`no device cookie: ${response.statusCode} ${response.body}`);
    expect(device).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Lax' });
    return `device=${device.value}`;
  };
  const lockOut = async (email: string) => {
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn(email, 'Wrong-Pass-1')).statusCode).toBe(401);
    }
    expect((await signIn(email, 'Wrong-Pass-1')).statusCode).toBe(429);
  };

  it('counts only failed sign-ins against an email', async () => {
    const user = await createVerifiedUser(t, uniqueEmail(), { ip: ip() });
    for (let attempt = 0; attempt < 12; attempt++) {
      expect((await signIn(user.email, user.password)).statusCode, `sign-in ${attempt}`).toBe(200);
    }
    for (let attempt = 0; attempt < 9; attempt++) {
      expect((await signIn(user.email, 'Wrong-Pass-1')).statusCode).toBe(401);
    }
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('lets a browser that signed in to the account before through the per-email limit', async () => {
    const user = await createVerifiedUser(t, uniqueEmail(), { ip: ip() });
    const device = deviceCookieOf(await signIn(user.email, user.password));
    await lockOut(user.email);
    // A browser the account never used is refused for now, even with the right password ...
    expect((await signIn(user.email, user.password)).statusCode).toBe(429);
    // ... the owner's own browser is not, and its device cookie gets a new value.
    const owner = await signIn(user.email, user.password, device);
    expect(owner.statusCode).toBe(200);
    const renewed = deviceCookieOf(owner);
    expect(renewed).not.toBe(device);
    // The old value was retired with the renewal.
    expect((await signIn(user.email, user.password, device)).statusCode).toBe(429);
    expect((await signIn(user.email, user.password, renewed)).statusCode).toBe(200);
  });

  it('limits the failures of a trusted browser on its own, and trusts it for its own account only', async () => {
    const user = await createVerifiedUser(t, uniqueEmail(), { ip: ip() });
    const other = await createVerifiedUser(t, uniqueEmail(), { ip: ip() });
    const device = deviceCookieOf(await signIn(user.email, user.password));
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn(user.email, 'Wrong-Pass-1', device)).statusCode).toBe(401);
    }
    expect((await signIn(user.email, user.password, device)).statusCode).toBe(429);
    // Those failures were the device's, not the address's: another browser still signs in.
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    // A device cookie of one account does not pass another account's limit.
    const otherDevice = deviceCookieOf(await signIn(other.email, other.password));
    await lockOut(user.email);
    expect((await signIn(user.email, user.password, otherDevice)).statusCode).toBe(429);
  });

  it('forgets the trusted browsers of an account whose password is reset', async () => {
    const user = await createVerifiedUser(t, uniqueEmail(), { ip: ip() });
    const device = deviceCookieOf(await signIn(user.email, user.password));
    await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email: user.email }, ip: ip() });
    const link = linkIn(await t.mail.waitFor(user.email, /Reset/));
    const newPassword = 'Another-Horse-7';
    const reset = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { resetToken: link.searchParams.get('token'), newPassword },
      ip: ip(),
    });
    expect(reset.statusCode).toBe(200);
    await lockOut(user.email);
    expect((await signIn(user.email, newPassword, device)).statusCode).toBe(429);
  });

  it('allows 5 registrations per hour from one address', async () => {
    const address = ip();
    const limited = await expectLimitedAfter(5, () =>
      call(t.app, 'POST', '/api/auth/register', {
        body: { email: uniqueEmail(), password: STRONG_PASSWORD },
        ip: address,
      }),
    );
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
  });

  it('allows 3 password-reset and 3 verification mails per hour per email', async () => {
    const email = uniqueEmail();
    await expectLimitedAfter(3, () =>
      call(t.app, 'POST', '/api/auth/forgot-password', { body: { email }, ip: ip() }),
    );
    await expectLimitedAfter(3, () =>
      call(t.app, 'POST', '/api/auth/resend-verification', { body: { email }, ip: ip() }),
    );
    // The limit is per address: another one still goes through.
    const other = await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email: uniqueEmail() } });
    expect(other.statusCode).toBe(200);
  });

  it('allows 5 messages to one vehicle and 30 in all per sender, a message refused for the first not counted by the second', async () => {
    const owner = await createVerifiedUser(t);
    const vehicles = await Promise.all(Array.from({ length: 7 }, () => buildVehicle(t.app, owner.cookie)));
    const sender = ip();
    const send = (vehicle: { id: string }) =>
      call(t.app, 'POST', '/api/messages/anonymous', {
        body: { vehicleId: vehicle.id, content: 'Hi' },
        ip: sender,
      });
    const [first, ...others] = vehicles.map((vehicle) => ({ id: vehicle.id }));
    if (!first) throw new Error('no vehicle');
    const perVehicle = await expectLimitedAfter(5, () => send(first));
    expect(perVehicle.json().message).toBe(rateLimits.messagesPerVehiclePerSender.message);
    // 5 of the 30 used: five more vehicles take 25.
    const statuses: number[] = [];
    for (const vehicle of others.slice(0, 5)) {
      for (let n = 0; n < 5; n++) statuses.push((await send(vehicle)).statusCode);
    }
    expect(statuses).toEqual(Array(25).fill(201));
    const limited = await send(others[5] ?? first);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(rateLimits.messagesPerSender.message);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(600);
  });
});

describe.each(cases)(
  'limits by network and per vehicle, behind a proxy, on %s with a %s store',
  (engine, storeKind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(engine, {
        env: { RATE_LIMIT_MULTIPLIER: '1', TRUST_PROXY: 'true' },
        rateLimitStore: storeKind === 'redis' ? redisStore() : new MemoryRateLimitStore(),
      });
    });
    afterAll(() => t.close());

    const random = (below: number) => Math.floor(Math.random() * below);
    const ipv4 = () => `10.${random(250)}.${random(250)}.${random(250)}`;
    /** A /64 of the documentation prefix of its own, as a function from a host number to an address in it. */
    const network = () => {
      const prefix = `2001:db8:${random(0xffff).toString(16)}:${random(0xffff).toString(16)}`;
      return (host: number) =>
        `${prefix}:${host.toString(16)}:${random(0xffff).toString(16)}::${host.toString(16)}`;
    };
    /** A request the proxy forwards for `address` (TRUST_PROXY believes its one hop). */
    const via = (address: string) => ({ ip: '10.0.0.1', headers: { 'x-forwarded-for': address } });

    const ownerWithVehicle = async () => {
      const owner = await createVerifiedUser(t, uniqueEmail(), { ip: ipv4() });
      return buildVehicle(t.app, owner.cookie);
    };
    const send = (
      vehicleId: string,
      options: { ip: string; headers: Record<string, string>; cookie?: string },
    ) =>
      call(t.app, 'POST', '/api/messages/anonymous', {
        body: { vehicleId, content: 'Your lights are on' },
        ...options,
      });

    it('counts the addresses of one IPv6 /64 as one sender: 30 of them get 5 messages to a vehicle', async () => {
      const vehicle = await ownerWithVehicle();
      const inNetwork = network();
      const statuses: number[] = [];
      for (let host = 1; host <= 30; host++) {
        // Each from another address of the /64 and without a cookie: a new visitor every time.
        const response = await send(vehicle.id, via(inNetwork(host)));
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json()).toEqual({
            message: rateLimits.messagesPerVehiclePerSender.message,
            code: 'RATE_LIMITED',
          });
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(statuses).toEqual([...Array(5).fill(201), ...Array(25).fill(429)]);
      // Another network is another sender; an IPv4 address mapped into IPv6 is that IPv4 address.
      expect((await send(vehicle.id, via(network()(1)))).statusCode).toBe(201);
      // (To another vehicle: this one has had 6 new conversations of its 10 an hour.)
      const another = await ownerWithVehicle();
      const mapped = ipv4();
      for (let n = 0; n < 5; n++) expect((await send(another.id, via(mapped))).statusCode).toBe(201);
      expect((await send(another.id, via(`::ffff:${mapped}`))).statusCode).toBe(429);
    });

    it.each([
      [
        'registrations',
        5,
        (address: string) =>
          call(t.app, 'POST', '/api/auth/register', {
            body: { email: uniqueEmail(), password: STRONG_PASSWORD },
            ...via(address),
          }),
      ],
      [
        'sign-in attempts',
        10,
        (address: string) =>
          call(t.app, 'POST', '/api/auth/login', {
            body: { email: uniqueEmail(), password: 'Wrong-Pass-1' },
            ...via(address),
          }),
      ],
      [
        'vehicle lookups',
        60,
        (address: string) => call(t.app, 'GET', `/api/vehicles/lookup/NO${random(1e6)}`, via(address)),
      ],
      [
        'password-reset attempts',
        10,
        (address: string) =>
          call(t.app, 'POST', '/api/auth/reset-password', {
            body: { resetToken: `made-up-${random(1e9)}`, newPassword: STRONG_PASSWORD },
            ...via(address),
          }),
      ],
    ] as const)('counts %s of one IPv6 /64 together (%i allowed)', async (_action, allowed, attempt) => {
      const inNetwork = network();
      const statuses: number[] = [];
      for (let host = 1; host <= allowed + 1; host++)
        statuses.push((await attempt(inNetwork(host))).statusCode);
      expect(statuses.slice(0, allowed)).not.toContain(429);
      expect(statuses.at(-1)).toBe(429);
    });

    it('lets a vehicle get 10 new conversations an hour from all senders together, and open ones go on', async () => {
      const vehicle = await ownerWithVehicle();
      const allowed = rateLimits.newConversationsPerVehicle.limit;
      const conversationsOf = async () =>
        Number(
          (
            await t.db
              .selectFrom('conversations')
              .where('vehicleOneId', '=', vehicle.id)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      // The first visitor keeps their cookie, address and first message's key.
      const firstAddress = ipv4();
      const firstRequest = {
        ...via(firstAddress),
        headers: { ...via(firstAddress).headers, 'idempotency-key': 'first' },
      };
      const first = await send(vehicle.id, firstRequest);
      expect(first.statusCode).toBe(201);
      const visitor = first.cookies.find((cookie) => cookie.name === 'visitor');
      const cookie = `visitor=${visitor?.value}`;
      // Other visitors, each from a network and with a cookie of their own.
      for (let n = 2; n <= allowed; n++) {
        expect((await send(vehicle.id, via(n % 2 ? ipv4() : network()(n)))).statusCode, `visitor ${n}`).toBe(
          201,
        );
      }
      expect(await conversationsOf()).toBe(allowed);

      const refused = await send(vehicle.id, via(ipv4()));
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: rateLimits.newConversationsPerVehicle.message,
        code: 'RATE_LIMITED',
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(await conversationsOf()).toBe(allowed);

      // The first visitor's conversation is open: it goes on past the limit.
      const again = await send(vehicle.id, { ...via(firstAddress), cookie });
      expect(again.statusCode).toBe(201);
      expect(again.json().conversationId).toBe(first.json().conversationId);
      // Their first message's retry still answers its first result, and stores nothing.
      const retry = await send(vehicle.id, { ...firstRequest, cookie });
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual(first.json());
      expect(await conversationsOf()).toBe(allowed);
      // Another vehicle's inflow is its own.
      const other = await ownerWithVehicle();
      expect((await send(other.id, via(ipv4()))).statusCode).toBe(201);
    });
  },
);

describe.each(stores)('hits in turn on a %s store', (storeKind) => {
  const store = (): RateLimitStore => (storeKind === 'redis' ? redisStore() : new MemoryRateLimitStore());
  const windowMs = 60_000;

  it('counts each key until one goes past its limit, and the keys after it not at all', async () => {
    const limits = store();
    const hits = [
      { key: 'a', windowMs, limit: 3 },
      { key: 'b', windowMs, limit: 1 },
      { key: 'c', windowMs: 2 * windowMs, limit: 1 },
    ];
    expect(await limits.hitInTurn(hits)).toBeNull();
    // b is past its limit: c gets no hit, so it can still take one once b's turn is over.
    const refused = await limits.hitInTurn(hits);
    expect(refused).toEqual({ index: 1, remainingMs: expect.any(Number) });
    expect(refused?.remainingMs).toBeGreaterThan(windowMs - 5_000);
    expect(refused?.remainingMs).toBeLessThanOrEqual(windowMs);
    expect(await limits.peek('a')).toMatchObject({ count: 2 });
    expect(await limits.peek('b')).toMatchObject({ count: 2 });
    expect(await limits.peek('c')).toMatchObject({ count: 1 });
    expect(await limits.hitInTurn([{ key: 'c', windowMs: 2 * windowMs, limit: 2 }])).toBeNull();
    // a past its limit refuses first.
    expect(await limits.hitInTurn([{ key: 'a', windowMs, limit: 2 }, hits[1] as (typeof hits)[0]])).toEqual({
      index: 0,
      remainingMs: expect.any(Number),
    });
    expect(await limits.peek('b')).toMatchObject({ count: 2 });
  });

  it('starts a window at its first hit: later hits do not move its end', async () => {
    const limits = store();
    await limits.hitInTurn([{ key: 'w', windowMs, limit: 10 }]);
    const first = await limits.peek('w');
    await new Promise((resolve) => setTimeout(resolve, 30));
    await limits.hitInTurn([{ key: 'w', windowMs: 10 * windowMs, limit: 10 }]);
    const second = await limits.peek('w');
    expect(second.count).toBe(2);
    expect(second.remainingMs).toBeLessThanOrEqual(first.remainingMs);
  });
});

describe.each(testEngines)('per-address limits beyond ADDENDUM §7 on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1' } });
  });
  afterAll(() => t.close());

  it('allows 10 password-reset attempts per 15 minutes from one address', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const response = await call(t.app, 'POST', '/api/auth/reset-password', {
        body: { resetToken: `made-up-${i}`, newPassword: STRONG_PASSWORD },
        ip: '10.20.0.1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });

  it('allows 20 account mails per hour from one address, whatever addresses it names', async () => {
    const statuses = [];
    for (let i = 0; i < 21; i++) {
      const url = i % 2 ? '/api/auth/forgot-password' : '/api/auth/resend-verification';
      statuses.push(
        (await call(t.app, 'POST', url, { body: { email: uniqueEmail() }, ip: '10.20.0.2' })).statusCode,
      );
    }
    expect(statuses).toEqual([...Array(20).fill(200), 429]);
  });
});

describe('RATE_LIMIT_MULTIPLIER', () => {
  it('scales every limit', async () => {
    const t = await createTestApp('sqlite', { env: { RATE_LIMIT_MULTIPLIER: '2' } });
    try {
      const email = uniqueEmail();
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        statuses.push(
          (await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email } })).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(redisUrl)('limits shared through Redis', () => {
  it('hold across two instances', async () => {
    const prefix = `shared-${randomBytes(6).toString('hex')}:`;
    const first = new Redis(redisUrl ?? '');
    const second = new Redis(redisUrl ?? '');
    redisClients.push(first, second);
    const a = await createTestApp('sqlite', {
      env: { RATE_LIMIT_MULTIPLIER: '1' },
      rateLimitStore: new RedisRateLimitStore(first, prefix),
    });
    const b = await createTestApp('sqlite', {
      env: { RATE_LIMIT_MULTIPLIER: '1' },
      rateLimitStore: new RedisRateLimitStore(second, prefix),
    });
    try {
      const email = uniqueEmail();
      const statuses = [];
      for (const app of [a, b, a, b]) {
        statuses.push(
          (await call(app.app, 'POST', '/api/auth/forgot-password', { body: { email } })).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('when Redis is out of reach', () => {
  it('refuses limited actions with 503 (fails closed) instead of letting them through', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    unreachable.on('error', () => undefined);
    const t = await createTestApp('sqlite', { rateLimitStore: new RedisRateLimitStore(unreachable) });
    try {
      const response = await call(t.app, 'POST', '/api/auth/forgot-password', {
        body: { email: uniqueEmail() },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
      expect(response.headers['retry-after']).toBeDefined();
    } finally {
      unreachable.disconnect();
      await t.close();
    }
  });
});
