import { createCookieJar } from './cookie-jar.js';
import { outboxMailTo } from './mail.js';
import { registerAndVerify, SESSION_COOKIE_NAMES, STRONG_PASSWORD, uniqueEmail } from './sign-up.js';

/**
 * Signs up on a server running in a process of its own (outbox mail, in its DATA_DIR) through the API and
 * the outbox link, and answers the session cookie (the benchmarks, and tests of the built server).
 */
export async function signedInCookie(app: { url: string; origin: string; dataDir: string }) {
  // fetch keeps no cookies: the jar keeps them, as the browser that registered would.
  const jar = createCookieJar();
  const request = async (method: 'GET' | 'POST', path: string, body?: object) => {
    const url = new URL(path, app.url);
    const cookie = jar.cookieHeader(url);
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        // The server refuses a write that names no Origin, as a browser always does.
        origin: app.origin,
        ...(cookie ? { cookie } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    jar.store(url, response.headers.getSetCookie());
    return {
      status: response.status,
      body: await response.text(),
      location: response.headers.get('location') ?? undefined,
    };
  };
  const email = uniqueEmail('bench');
  await registerAndVerify(
    {
      request,
      mail: (to, subject) => waitFor(() => outboxMailTo(app.dataDir, to, subject), `a mail to ${to}`),
    },
    { email, password: STRONG_PASSWORD, firstName: 'Bench', lastName: 'User' },
  );
  const cookie = jar.find(SESSION_COOKIE_NAMES);
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

/** What `found` answers once it answers something, asking every 100 ms for up to 10 s. */
async function waitFor<T>(found: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const result = found();
    if (result !== undefined) return result;
    if (Date.now() > deadline) throw new Error(`no ${what} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
