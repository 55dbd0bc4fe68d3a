import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.js';

/** Whether the hop `hop` (0: the peer) of a request, at `address`, is a proxy we trust to report the next. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as Fastify's trustProxy option takes it: a number of proxies becomes "trust the first n
 * hops" (proxy-addr's hop index), a list of addresses or CIDRs is compiled once, false trusts nobody.
 */
export function proxyTrustOf(trustProxy: Config['trustProxy']): ProxyTrust | false {
  if (trustProxy === false) return false;
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return proxyAddr.compile(trustProxy.split(','));
}

/**
 * The client's address of a raw request, one no Fastify request wraps (a WebSocket upgrade): what Fastify's
 * `request.ip` answers for the same request and the same trust.
 */
export function clientAddressOf(request: IncomingMessage, trust: ProxyTrust | false): string {
  return trust ? proxyAddr(request, trust) : (request.socket.remoteAddress ?? '');
}
