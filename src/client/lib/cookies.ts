export const PREFERENCE_COOKIE_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Reads one cookie from a `document.cookie`-style string. */
export function readCookie(name: string, cookieString: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * `document.cookie` is a round trip to the browser's cookie store; a render reads several cookies (theme,
 * consent, preferences) and React reads external stores more than once. One read serves the rest of the
 * current task; any write here, and the next microtask, forget it (a response's Set-Cookie lands after).
 */
let cookiesOfThisTask: string | undefined;

function currentCookies(): string {
  if (cookiesOfThisTask === undefined) {
    cookiesOfThisTask = document.cookie;
    queueMicrotask(() => {
      cookiesOfThisTask = undefined;
    });
  }
  return cookiesOfThisTask;
}

/** Where the server's render reads the cookies of the request it draws (ssr/render.tsx); none elsewhere. */
let requestCookies: (() => string) | undefined;

export function readRequestCookiesFrom(source: () => string): void {
  requestCookies = source;
}

export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return requestCookies ? readCookie(name, requestCookies()) : undefined;
  return readCookie(name, currentCookies());
}

export function setCookie(name: string, value: string, days: number): void {
  const expires = new Date(Date.now() + days * DAY_MS).toUTCString();
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the Safari and Firefox we support
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax${secure}`;
  cookiesOfThisTask = undefined;
}
