/**
 * Just enough of a browser's cookie store for code that talks HTTP without one (fetch, app.inject):
 * host-only cookies, sent by path, removed when the server expires them. Plain node: the API tests and
 * the benchmarks use it.
 */
export function createCookieJar() {
  const cookies = new Map<string, { name: string; value: string; path: string }>();
  return {
    /** Keeps what these Set-Cookie lines, answered to a request for `url`, set and remove. */
    store(url: URL, setCookieHeaders: readonly string[]) {
      for (const header of setCookieHeaders) {
        const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
        const separator = pair.indexOf('=');
        const name = pair.slice(0, separator);
        const value = pair.slice(separator + 1);
        const attribute = (key: string) =>
          attributes.find((item) => item.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
        const path = attribute('path') ?? url.pathname;
        const expires = attribute('expires');
        const isRemoved =
          value === '' || attribute('max-age') === '0' || (expires && Date.parse(expires) <= Date.now());
        if (isRemoved) cookies.delete(`${name};${path}`);
        else cookies.set(`${name};${path}`, { name, value, path });
      }
    },
    /** The Cookie header a browser sends with a request for `url` ('' when it sends none). */
    cookieHeader(url: URL): string {
      return [...cookies.values()]
        .filter(
          (cookie) =>
            url.pathname === cookie.path || url.pathname.startsWith(`${cookie.path.replace(/\/$/, '')}/`),
        )
        .map((cookie) => `${cookie.name}=${cookie.value}`)
        .join('; ');
    },
    /** The kept cookie named one of `names` (whatever its path), as `name=value` for a Cookie header. */
    find(names: readonly string[]): string | undefined {
      const cookie = [...cookies.values()].find((candidate) => names.includes(candidate.name));
      return cookie && `${cookie.name}=${cookie.value}`;
    },
  };
}

export type CookieJar = ReturnType<typeof createCookieJar>;
