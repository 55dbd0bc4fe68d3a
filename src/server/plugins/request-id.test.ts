import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../logging.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call, TEST_ORIGIN } from '../test/http.js';
import { createTestApp, createVerifiedUser } from '../test/test-app.js';
import { connect } from '../test/web-socket.js';

/** A real app logging JSON into lines the test reads, behind a proxy or not. */
async function appLogging(engine: (typeof testEngines)[number], trustProxy: string) {
  const lines: string[] = [];
  const sink = { write: (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)) > 0 };
  const t = await createTestApp(engine, {
    env: { TRUST_PROXY: trustProxy },
    logger: loggerOptions('info', 'json', sink),
  });
  const records = () => lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
  return { t, records };
}

describe.each(testEngines)('request ids on %s', (engine) => {
  it('behind a trusted proxy, takes its X-Request-Id: in every log line of the request and the answer', async () => {
    const { t, records } = await appLogging(engine, 'true');
    try {
      const answer = await call(t.app, 'GET', '/api/conversations/some-id/messages', {
        headers: { 'x-request-id': 'balancer-42.a' },
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['x-request-id']).toBe('balancer-42.a');
      const lines = records().filter((record) => record.reqId === 'balancer-42.a');
      expect(lines.map((record) => record.msg)).toEqual(['incoming request', 'request completed']);
      // A malformed id (a log line could be fooled by it) is replaced by one of ours.
      const forged = await call(t.app, 'GET', '/api/auth/providers', {
        headers: { 'x-request-id': 'x\n{"level":60}' },
      });
      expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await t.close();
    }
  });

  it('without a trusted proxy, makes its own id and ignores the header', async () => {
    const { t, records } = await appLogging(engine, 'false');
    try {
      const answers = [];
      for (let i = 0; i < 2; i++) {
        answers.push(
          await call(t.app, 'GET', '/api/auth/providers', {
            headers: { 'x-request-id': 'chosen-by-client' },
          }),
        );
      }
      const ids = answers.map((answer) => String(answer.headers['x-request-id']));
      for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Set(ids).size).toBe(2);
      expect(records().some((record) => record.reqId === 'chosen-by-client')).toBe(false);
      expect(records().filter((record) => record.reqId === ids[0])).toHaveLength(2);
    } finally {
      await t.close();
    }
  });
});

describe.each(testEngines)('a message’s request id, on %s', (engine) => {
  it('is carried by message.created: the frame written to the recipient is logged under it', async () => {
    const lines: string[] = [];
    const sink = { write: (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)) > 0 };
    const t = await createTestApp(engine, {
      env: { TRUST_PROXY: 'true' },
      logger: loggerOptions('debug', 'json', sink),
    });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
      const owner = await createVerifiedUser(t);
      const vehicle = await buildVehicle(t.app, owner.cookie);
      const client = await connect(url, { origin: TEST_ORIGIN, cookie: owner.cookie });
      await expect.poll(() => client.events.length).toBe(2);
      const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
        headers: { 'x-request-id': 'balancer-message-1' },
        body: { vehicleId: vehicle.id, content: 'Your lights are on' },
      });
      expect(sent.statusCode).toBe(201);
      await expect.poll(() => client.events.some((event) => event.type === 'new_message')).toBe(true);
      const written = () =>
        lines
          .map((line) => JSON.parse(line) as { reqId?: string; msg?: string; messageId?: string })
          .filter((record) => record.msg === 'message frame written');
      await expect
        .poll(written)
        .toEqual([expect.objectContaining({ reqId: 'balancer-message-1', messageId: sent.json().id })]);
      client.socket.close();
    } finally {
      await t.close();
    }
  });
});
