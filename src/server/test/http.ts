import type { FastifyInstance } from 'fastify';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'HEAD' | 'OPTIONS';

/** The origin test apps run at (their APP_ORIGIN). */
export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * app.inject as the app's own client calls it: an object body goes as JSON (a string body as it is,
 * with the content-type the test names), an optional session cookie, and `Origin: TEST_ORIGIN` as
 * every browser sends it (`origin: null` sends none; `headers.origin` sends another).
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
  const origin = options.origin === undefined ? TEST_ORIGIN : options.origin;
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
