import net from 'node:net';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { isUnavailable, UnavailableError } from '../errors/unavailable.js';
import { createSmtpMailer } from '../mail/mailer.js';
import { MemoryRateLimitStore } from '../rate-limit/rate-limiter.js';
import { createTestDatabase, type TestDatabase, testEngines } from '../test/databases.js';
import { TEST_ORIGIN } from '../test/http.js';

/** An SQL error as pg hands it on: the server's ErrorResponse, with its SQLSTATE. */
function databaseError(code: string) {
  const error = new pg.DatabaseError('error from the server', 0, 'error');
  error.code = code;
  return error;
}

const systemError = (code: string) => Object.assign(new Error(`${code} something`), { code });

describe('isUnavailable: a dependency out of reach, told by type and code', () => {
  it.each(['08000', '08001', '08003', '08006', '08P01', '57P01', '57P02', '57P03', '53300'])(
    'a PostgreSQL error of SQLSTATE %s (connection, server going or starting, no slot) is',
    (code) => {
      expect(isUnavailable(databaseError(code))).toBe(true);
    },
  );

  it.each([
    '23505', // unique violation
    '23503', // foreign key violation
    '42P01', // undefined table
    '22012', // division by zero
    '57014', // statement timeout
    '40001', // serialization failure
    '53100', // disk full
  ])('a PostgreSQL error of SQL class %s is not', (code) => {
    expect(isUnavailable(databaseError(code))).toBe(false);
  });

  it('our UnavailableError is, also as the cause of another error', () => {
    const unavailable = new UnavailableError('Rate limit store unavailable', { cause: new Error('x') });
    expect(isUnavailable(unavailable)).toBe(true);
    expect(isUnavailable(new Error('handler failed', { cause: unavailable }))).toBe(true);
  });

  it.each(['ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'SQLITE_BUSY'])(
    'a system error %s from a dependency is, also as a cause',
    (code) => {
      expect(isUnavailable(systemError(code))).toBe(true);
      expect(isUnavailable(new TypeError('fetch failed', { cause: systemError(code) }))).toBe(true);
    },
  );

  it.each([
    'Connection terminated unexpectedly',
    'connect ECONNREFUSED 127.0.0.1:5432',
    'timeout exceeded when trying to connect',
    'Connection is closed.',
    'Reached the max retries per request limit (which is 20). Refer to "maxRetriesPerRequest" option for details.',
    'MaxRetriesPerRequestError',
  ])('a plain Error whose message reads like an outage is not: %s', (message) => {
    expect(isUnavailable(new Error(message))).toBe(false);
  });

  it('ECONNRESET is not: PostgreSQL and Redis wrap theirs, and the rest is a client going away', () => {
    expect(isUnavailable(systemError('ECONNRESET'))).toBe(false);
  });

  it('a bug is not, nor is nothing', () => {
    expect(isUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isUnavailable(undefined)).toBe(false);
    expect(isUnavailable(null)).toBe(false);
  });
});

describe.each(testEngines)('a client going away mid-body on %s', (engine) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const mailer = createSmtpMailer('smtp://127.0.0.1:1', 'test@example.org');
  const logLines: { level: number; reqId?: string; msg: string }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const logStream = new Writable({
      write(chunk, _encoding, callback) {
        logLines.push(JSON.parse(String(chunk)));
        callback();
      },
    });
    app = await buildApp({
      config: loadConfig({ APP_ORIGIN: TEST_ORIGIN }),
      database,
      mailer,
      rateLimitStore: new MemoryRateLimitStore(),
      logger: { level: 'debug', stream: logStream },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    mailer.close();
    await database.drop();
  });

  it('is logged as a client that went away, not as a dependency out of reach', async () => {
    const { port } = app.server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    // A head announcing 1000 bytes of JSON, then a few of them.
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost:3000\r\n' +
        `Origin: ${TEST_ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`,
    );
    await expect.poll(() => logLines.some((line) => line.msg === 'incoming request')).toBe(true);
    const requestId = logLines.find((line) => line.msg === 'incoming request')?.reqId;
    expect(requestId).toBeDefined();
    socket.destroy();

    await expect
      .poll(() => logLines.filter((line) => line.reqId === requestId).map((line) => line.msg))
      .toContain('client went away');
    const ofRequest = logLines.filter((line) => line.reqId === requestId);
    expect(ofRequest.map((line) => line.msg)).not.toContain('dependency unavailable');
    expect(ofRequest.find((line) => line.msg === 'client went away')?.level).toBe(30);
    // Nothing at warn (40) or above about it.
    expect(ofRequest.filter((line) => line.level >= 40)).toEqual([]);
  });
});
