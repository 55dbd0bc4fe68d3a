import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { clientAddressOf, proxyTrustOf } from './client-address.js';

/** What Fastify's request.ip says, and what clientAddressOf says of the same raw request, under one TRUST_PROXY. */
async function bothAnswers(trustProxy: string, remoteAddress: string, forwardedFor?: string) {
  const trust = proxyTrustOf(loadConfig({ TRUST_PROXY: trustProxy }).trustProxy);
  const app = Fastify({ trustProxy: trust });
  app.get('/', async (request) => ({ fastify: request.ip, raw: clientAddressOf(request.raw, trust) }));
  const response = await app.inject({
    url: '/',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  await app.close();
  return response.json() as { fastify: string; raw: string };
}

describe('clientAddressOf', () => {
  it.each([
    ['false', '127.0.0.1', '203.0.113.9', '127.0.0.1'],
    ['true', '127.0.0.1', '203.0.113.9', '203.0.113.9'],
    ['true', '127.0.0.1', '198.51.100.1, 203.0.113.9', '203.0.113.9'],
    ['2', '127.0.0.1', '198.51.100.1, 203.0.113.9', '198.51.100.1'],
    ['10.0.0.0/8', '10.1.2.3', '2001:db8::7', '2001:db8::7'],
    ['10.0.0.0/8', '192.0.2.4', '2001:db8::7', '192.0.2.4'],
    ['true', '127.0.0.1', undefined, '127.0.0.1'],
  ])(
    'TRUST_PROXY=%s from %s forwarding %s: %s, as Fastify says',
    async (trustProxy, peer, forwarded, expected) => {
      const answers = await bothAnswers(trustProxy, peer, forwarded);
      expect(answers).toEqual({ fastify: expected, raw: expected });
    },
  );
});
