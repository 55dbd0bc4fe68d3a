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
