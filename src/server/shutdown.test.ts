import http from 'node:http';
import net from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { SOCKET_CLOSE_SERVICE_RESTART } from '../shared/realtime.js';
import { createTestDatabase } from './test/databases.js';
import { freePort } from './test/free-port.js';
import { killServerProcesses, startServerProcess, waitForOutput } from './test/server-process.js';
import { signedInCookie } from './test/signed-in.js';
import { connect } from './test/web-socket.js';

afterEach(killServerProcesses);

/** What a balancer's check sees: the status, or 'refused' once the listener has closed. */
const statusOf = (url: string) =>
  fetch(url).then(
    async (response) => {
      await response.arrayBuffer();
      return response.status;
    },
    () => 'refused' as const,
  );

/** A POST whose body is half sent: in flight until `finish` sends the rest. */
function requestInFlight(port: number, path: string, body: string) {
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      origin: `http://localhost:${port}`,
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 5));
  const connected = new Promise((resolve) =>
    request.once('socket', (socket) => socket.once('connect', resolve)),
  );
  return { connected, answered, finish: () => request.end(body.slice(5)) };
}

describe('the drain after SIGTERM (docs/decisions/0158)', () => {
  it('not ready first while serving on; then the listener closes, sockets get 1012, the request in flight finishes, exit 0', async () => {
    const started = await startServerProcess({ SHUTDOWN_DELAY_MS: '5000' });
    await waitForOutput(started, /is running at/);
    const base = `http://127.0.0.1:${started.port}`;
    expect(await statusOf(`${base}/api/ready`)).toBe(200);
    const cookie = await signedInCookie({
      url: base,
      origin: `http://localhost:${started.port}`,
      dataDir: started.dataDir,
    });
    const socket = await connect(`ws://127.0.0.1:${started.port}/ws`, {
      cookie,
      origin: `http://localhost:${started.port}`,
    });
    await expect.poll(() => socket.events.map((event) => event.type)).toContain('authenticated');

    const seen: string[] = [];
    const note = (what: string) => {
      if (!seen.includes(what)) seen.push(what);
    };
    void socket.closed.then(() => note('socket closed'));
    started.child.kill('SIGTERM');

    // The balancer's view: readiness 503 while the listener still answers (liveness 200, other requests).
    await expect.poll(() => statusOf(`${base}/api/ready`), { interval: 50 }).toBe(503);
    note('not ready');
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status === 503 && (await ready.json())).toEqual({
      message: 'The server is shutting down',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(await statusOf(`${base}/api/health`)).toBe(200);
    note('still serving');
    // A request that arrives in the drain delay, still in flight when the listener closes.
    const inFlight = requestInFlight(
      started.port,
      '/api/auth/forgot-password',
      '{"email":"drain@example.org"}',
    );
    await inFlight.connected;

    await expect
      .poll(() => statusOf(`${base}/api/health`), { timeout: 15_000, interval: 50 })
      .toBe('refused');
    note('listener closed');
    const closed = await socket.closed;
    expect(closed).toEqual({ code: SOCKET_CLOSE_SERVICE_RESTART, reason: 'Service restart' });
    inFlight.finish();
    const answered = await inFlight.answered;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toEqual({ message: expect.stringContaining('password reset link') });
    expect(await started.exited).toBe(0);
    // Readiness flipped before anything closed.
    expect(seen.slice(0, 2)).toEqual(['not ready', 'still serving']);
    expect(seen).toHaveLength(4);
  }, 60_000);

  it('with SIGINT (a person at a terminal) stops without the delay', async () => {
    const started = await startServerProcess({ SHUTDOWN_DELAY_MS: '600000' });
    await waitForOutput(started, /is running at/);
    started.child.kill('SIGINT');
    expect(await started.exited).toBe(0);
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL;
/** Kysely's migration lock on PostgreSQL (kysely/dist/esm/dialect/postgres/postgres-adapter.js). */
const KYSELY_MIGRATION_LOCK_ID = '3853314791062309107';

describe.runIf(databaseUrl)('while starting (docs/decisions/0158)', () => {
  it('answers 503 "starting" until its migrations are done, then is ready', async () => {
    const database = await createTestDatabase('postgres');
    await database.close();
    // Another instance is migrating: this one waits for the migration lock, holding its port meanwhile.
    const other = new pg.Client({ connectionString: database.serverEnv.DATABASE_URL });
    await other.connect();
    try {
      await other.query(`select pg_advisory_lock(${KYSELY_MIGRATION_LOCK_ID})`);
      const started = await startServerProcess(database.serverEnv);
      const base = `http://127.0.0.1:${started.port}`;
      await expect.poll(() => statusOf(`${base}/api/ready`), { timeout: 20_000 }).toBe(503);
      const ready = await fetch(`${base}/api/ready`);
      expect(await ready.json()).toEqual({ message: 'The server is starting', code: 'SERVICE_UNAVAILABLE' });
      expect(ready.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await statusOf(`${base}/api/health`)).toBe(503);
      expect(started.output()).not.toContain('is running at');
      await other.query(`select pg_advisory_unlock(${KYSELY_MIGRATION_LOCK_ID})`);
      await waitForOutput(started, /is running at/);
      expect(await statusOf(`${base}/api/ready`)).toBe(200);
      expect(await statusOf(`${base}/api/health`)).toBe(200);
      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
    } finally {
      await other.end();
      await database.drop();
    }
  }, 60_000);
});

const redisUrl = process.env.TEST_REDIS_URL;

/** A TCP relay to the test Redis that can be cut and restored: Redis, as the server sees it, goes away. */
async function cuttableRelay(target: URL) {
  const port = await freePort();
  const open = new Set<net.Socket>();
  let server: net.Server | undefined;
  const start = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 6379), target.hostname);
        for (const socket of [client, upstream]) {
          open.add(socket);
          socket.on('close', () => open.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  await start();
  return {
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    start,
    async cut() {
      const closed = new Promise((resolve) => server?.close(resolve));
      for (const socket of open) socket.destroy();
      await closed;
    },
  };
}

describe.runIf(redisUrl)('with Redis configured (docs/decisions/0158)', () => {
  it('is not ready while Redis cannot be reached, and ready again once it can', async () => {
    const relay = await cuttableRelay(new URL(redisUrl ?? ''));
    try {
      const started = await startServerProcess({ REDIS_URL: relay.url });
      await waitForOutput(started, /is running at/);
      const base = `http://127.0.0.1:${started.port}`;
      expect(await statusOf(`${base}/api/ready`)).toBe(200);
      await relay.cut();
      await expect.poll(() => statusOf(`${base}/api/ready`), { timeout: 10_000 }).toBe(503);
      expect(await (await fetch(`${base}/api/ready`)).json()).toEqual({
        message: 'Redis is unreachable',
        code: 'SERVICE_UNAVAILABLE',
      });
      // Liveness is the process and its database: still 200.
      expect(await statusOf(`${base}/api/health`)).toBe(200);
      await relay.start();
      await expect.poll(() => statusOf(`${base}/api/ready`), { timeout: 15_000 }).toBe(200);
      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
    } finally {
      await relay.cut();
    }
  }, 60_000);
});
