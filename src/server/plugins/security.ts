import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { ErrorCode } from '../../shared/errors.js';
import { HttpError } from '../errors/http-error.js';
import { serverErrorTexts } from '../errors/texts.js';
import { isApiPath } from './paths.js';

/** X-Frame-Options' value (a header's keyword, not a text for people). */
const FRAMES_DENIED = 'deny';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyReply {
    /** An /api answer that is a page (the sign-out confirmation): the headers of the app's pages. */
    asPage(): FastifyReply;
  }
}

/** Security headers, and refusal of state-changing requests from a foreign Origin. */
export function registerSecurity(
  app: FastifyInstance,
  options: { appOrigin: string; isHttps: boolean },
): void {
  const headers = securityHeaders(options);
  const apiHeaders = apiSecurityHeaders(headers);
  const assetHeaders = scriptAndStyleHeaders(headers);
  // Set as the request arrives, so answers of every kind (errors and 404s too) carry them; a route may
  // still set its own Cache-Control. What is constant is worked out once (docs/decisions/0106).
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(isApiPath(url) ? apiHeaders : BUILT_SCRIPT_OR_STYLE.test(url) ? assetHeaders : headers);
    if (SAFE_METHODS.has(request.method) || isFromAppOrigin(request, options.appOrigin)) done();
    else done(foreignOrigin());
  });
  app.decorateReply('asPage', function (this: FastifyReply) {
    return this.headers(headers);
  });
}

/** The headers of every /api answer, for the app's options (what registerSecurity sets on them). */
export const apiHeadersFor = (options: { appOrigin: string; isHttps: boolean }) =>
  apiSecurityHeaders(securityHeaders(options));

/**
 * The headers of an /api answer: JSON (or a redirect), never drawn as a page, so what only a page uses
 * (its CSP's sources, the opener and agent-cluster isolation, the permissions policy, the legacy headers
 * of old browsers) is left out: about 400 bytes less on every answer (docs/decisions/0112-api-headers.md).
 * A page's CSP for it would allow nothing; framing and sniffing stay refused, other sites may not read it,
 * and no cache keeps it: every answer may carry a user's data (or a redirect that depends on one), see
 * docs/decisions/0052-api-answers-not-stored.md.
 */
function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  return {
    ...pick(pageHeaders, [
      'x-content-type-options',
      'x-frame-options',
      'cross-origin-resource-policy',
      'strict-transport-security',
    ]),
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  };
}

/**
 * A script or style sheet of the build (/assets/{name}-{hash}.js or .css), but not a worker's script
 * (`….worker-{hash}.js`): a worker runs under the CSP its own response carries, so it keeps the pages' set.
 */
const BUILT_SCRIPT_OR_STYLE = /^\/assets\/(?![^/?]*\.worker-)[\w.-]+\.(?:js|css)(?:\?|$)/;

/**
 * The headers of the build's scripts and style sheets, which a page loads and never shows as a document:
 * nothing of a document's policy applies to them (CSP, framing, the opener, the permissions policy, the
 * legacy headers). They keep nosniff (a browser runs a script only as the type it was sent as) and stay
 * unreadable to other sites. A first screen loads some forty of them: about 700 bytes less each
 * (docs/decisions/0115-asset-headers.md).
 */
function scriptAndStyleHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  return pick(pageHeaders, [
    'x-content-type-options',
    'cross-origin-resource-policy',
    'strict-transport-security',
  ]);
}

/** The named headers of `headers` that are set (HSTS is only on https). */
function pick(headers: Record<string, string>, names: string[]): Record<string, string> {
  const entries = names.flatMap((name) => {
    const value = headers[name];
    return value === undefined ? [] : [[name, value] as const];
  });
  return Object.fromEntries(entries);
}

/**
 * Whether a state-changing request (or a WebSocket upgrade) comes from the app's own pages. Browsers send
 * Origin on every such request (the app's own client always does). Without one, only a browser's own word
 * that the request is same-origin lets it through: a request that names no origin cannot be told apart
 * from one made for another site (ADDENDUM §10).
 */
export function isFromAppOrigin(request: Pick<FastifyRequest, 'headers'>, appOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers['sec-fetch-site'] === 'same-origin';
  return origin === appOrigin;
}

const foreignOrigin = () =>
  new HttpError(403, serverErrorTexts.foreignOrigin, { code: ErrorCode.foreignOrigin });

/**
 * helmet's headers for the app's options. They depend on the configuration alone, so helmet runs once,
 * at start-up, against a response that records what it sets (its middleware only sets and removes
 * headers), instead of building its middleware again for every request (what @fastify/helmet does).
 */
export function securityHeaders(options: { appOrigin: string; isHttps: boolean }): Record<string, string> {
  const wsOrigin = options.appOrigin.replace(/^http/, 'ws');
  const helmetOptions: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", wsOrigin],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The legacy header says what CSP frame-ancestors 'none' says, for browsers that know only it.
    xFrameOptions: { action: FRAMES_DENIED },
    crossOriginEmbedderPolicy: false,
    permittedCrossDomainPolicies: false,
  };
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      // Lower case, as Fastify keeps header names: it need not convert them on every reply.
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  // Camera for the QR scanner; nothing else.
  headers['permissions-policy'] = 'camera=(self), microphone=(), geolocation=()';
  return headers;
}
