import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'HEAD' | 'OPTIONS';

/** The origin test apps run at (their APP_ORIGIN) unless a test names another. */
export const TEST_ORIGIN = 'http://localhost:3000';

const appOrigins = new WeakMap<FastifyInstance, string>();

/** Records the APP_ORIGIN an app was built with, so `call` sends it as that app's own pages would. */
export function rememberAppOrigin(app: FastifyInstance, origin: string): void {
  appOrigins.set(app, origin);
}

/**
 * app.inject as the app's own client calls it: an object body goes as JSON (a string body as it is,
 * with the content-type the test names), an optional session cookie, and the app's own Origin as every
 * browser sends it (`origin: null` sends none; `origin: '…'` sends another).
 */
export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: {
    body?: unknown;
    cookie?: string;
    headers?: Record<string, string>;
    ip?: string;
    origin?: string | null;
  } = {},
) {
  const origin = options.origin === undefined ? (appOrigins.get(app) ?? TEST_ORIGIN) : options.origin;
  return app.inject({
    method,
    url,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    headers: {
      ...(origin !== null ? { origin } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request over a real socket, its path sent exactly as given (app.inject resolves `..` and
 * `%2e%2e` before the app sees them; a browser or curl need not). Starts the app listening on a free
 * loopback port the first time. The Origin is the app's own, as with `call`.
 */
export async function rawHttp(
  app: FastifyInstance,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; origin?: string | null } = {},
): Promise<RawResponse> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const origin = options.origin === undefined ? (appOrigins.get(app) ?? TEST_ORIGIN) : options.origin;
  const body = options.body;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          ...(origin !== null ? { origin } : {}),
          ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
