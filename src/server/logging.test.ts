import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logging.js';

/** A Fastify app logging through `loggerOptions` into lines the test reads. */
async function appLoggingTo(level: string, format: 'json' | 'pretty') {
  const lines: string[] = [];
  const sink = { write: (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)) > 0 };
  const app = Fastify({ logger: loggerOptions(level, format, sink) });
  app.get('/fine', async () => ({ ok: true }));
  app.get('/broken', async () => {
    throw new Error('the disk is full');
  });
  await app.ready();
  return { app, lines };
}

describe('the server log', () => {
  it('as JSON, logs each request with its path and never its query string', async () => {
    const { app, lines } = await appLoggingTo('info', 'json');
    await app.inject('/fine?token=secret-token');
    await app.close();
    const records = lines.map((line) => JSON.parse(line));
    expect(records.find((record) => record.msg === 'incoming request')?.req).toMatchObject({
      method: 'GET',
      path: '/fine',
    });
    expect(records.find((record) => record.msg === 'request completed')?.res).toEqual({ statusCode: 200 });
    expect(lines.join('\n')).not.toContain('secret-token');
  });

  it('for a person, prints no line for an ordinary request and one readable line for a failed one', async () => {
    const { app, lines } = await appLoggingTo('info', 'pretty');
    for (let i = 0; i < 20; i++) await app.inject('/fine');
    await app.inject('/broken?token=secret-token');
    app.log.warn('Redis is unreachable');
    await app.close();
    expect(lines.some((line) => line.startsWith('{'))).toBe(false);
    expect(lines.filter((line) => line.includes('/fine'))).toEqual([]);
    expect(lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d GET \/broken → 500 \(\d+\.\d ms\)$/));
    expect(lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d ERROR .*: Error: the disk is full$/));
    expect(lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d WARN Redis is unreachable$/));
    expect(lines.join('\n')).not.toContain('secret-token');
  });

  it('for a person at LOG_LEVEL=debug, prints every request as one line', async () => {
    const { app, lines } = await appLoggingTo('debug', 'pretty');
    await app.inject('/fine?token=secret-token');
    await app.close();
    expect(lines.filter((line) => line.includes('/fine'))).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d GET \/fine → 200 \(\d+\.\d ms\)$/),
    ]);
    expect(lines.join('\n')).not.toContain('secret-token');
  });
});
