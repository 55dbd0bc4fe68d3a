import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../shared/errors.js';
import { HttpError } from './errors.js';
import { isApiPath } from './paths.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Security headers, and refusal of state-changing requests from a foreign Origin. */
export async function registerSecurity(
  app: FastifyInstance,
  options: { appOrigin: string; isHttps: boolean },
) {
  const wsOrigin = options.appOrigin.replace(/^http/, 'ws');
  await app.register(helmet, {
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
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    // Camera for the QR scanner; nothing else.
    permittedCrossDomainPolicies: false,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
    // Every /api answer may carry a user's data (or a redirect that depends on one): no cache, shared
    // or private, keeps it (docs/decisions/0052-api-answers-not-stored.md).
    if (isApiPath(request.url)) reply.header('Cache-Control', 'no-store');
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!isFromAppOrigin(request, options.appOrigin)) throw foreignOrigin();
  });
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
  new HttpError(403, 'Cross-site request refused', { code: ErrorCode.foreignOrigin });
