/**
 * A browser's cookie store for the client modules' unit tests (the suite runs in Node): `document.cookie`
 * reads every live cookie as `name=value; ...` and takes `name=value; expires=...; path=/` lines, and a
 * cookie whose expiry has passed, by Date.now() (so by vitest's fake clock), is gone, as in a browser.
 * The journeys (e2e/) use a real browser's.
 */
export function installCookieJar(): { clear: () => void; remove: () => void } {
  const cookies = new Map<string, { value: string; expiresAt: number }>();
  const live = () => {
    for (const [name, cookie] of cookies) if (cookie.expiresAt <= Date.now()) cookies.delete(name);
    return cookies;
  };
  const document = {
    get cookie() {
      return [...live()].map(([name, cookie]) => `${name}=${cookie.value}`).join('; ');
    },
    set cookie(line: string) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      let expiresAt = Number.POSITIVE_INFINITY;
      for (const attribute of attributes) {
        const [key = '', ...rest] = attribute.split('=');
        if (key.trim().toLowerCase() === 'expires') expiresAt = Date.parse(rest.join('=').trim());
      }
      if (expiresAt <= Date.now()) cookies.delete(name);
      else cookies.set(name, { value, expiresAt });
    },
  };
  const globals = globalThis as unknown as Record<string, unknown>;
  globals.document = document;
  globals.window = { location: { protocol: 'http:' } };
  return {
    clear: () => cookies.clear(),
    remove: () => {
      delete globals.document;
      delete globals.window;
    },
  };
}

/** Lets the current task end: the cookie module reads `document.cookie` once per task. */
export const nextTask = () => new Promise<void>((resolve) => queueMicrotask(resolve));
