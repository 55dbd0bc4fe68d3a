import { notFound } from '../errors/http-error.js';

/**
 * The path of a request target, its query string left out. A target in absolute form
 * (`GET http://host/api/x HTTP/1.1`, RFC 9112 §3.2.2) is reduced to its path, as the router routes it.
 */
function targetPath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  if (path.startsWith('/')) return path;
  const origin = /^https?:\/\/[^/]*/i.exec(path);
  return origin ? path.slice(origin[0].length) || '/' : path;
}

/** The path of a request URL, percent-decoded where possible, without its query string. */
function rawPath(url: string): string {
  const path = targetPath(url);
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A decoded path resolved as a URL parser would (normalizedPath). */
function resolved(path: string): string {
  const collapsed = path.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  try {
    return new URL(collapsed, 'http://localhost').pathname;
  } catch {
    return collapsed;
  }
}

/**
 * The path as a URL parser would resolve it: backslashes as slashes, repeated slashes collapsed,
 * `.` and `..` segments (also percent-encoded ones) resolved.
 */
export function normalizedPath(url: string): string {
  return resolved(rawPath(url));
}

const isUnderApi = (path: string) => path === '/api' || path.startsWith('/api/') || path === '/ws';

/**
 * Whether a request addresses the API: its path, as sent, decoded (as the router reads it) or resolved, is
 * /api, under /api/, or /ws. Such a request never gets a page or a file, and its answers are never stored.
 */
export function isApiPath(url: string): boolean {
  if (isUnderApi(targetPath(url))) return true;
  const decoded = rawPath(url);
  return isUnderApi(decoded) || isUnderApi(resolved(decoded));
}

/** A segment that is `.` or `..`, between slashes or backslashes (a URL parser reads both as slashes). */
const DOT_SEGMENT = /(?:^|[/\\])\.{1,2}(?:[/\\]|$)/;

/**
 * Whether the path of a request URL has a `.` or `..` segment, written plainly or percent-encoded in any
 * case (`%2e`, `.%2E`), and also where an encoded slash or backslash (`%2f`, `%5c`) delimits it: a URL parser
 * or a proxy on the way may resolve it into another path than the one the router matched. Decoded once, as
 * the router decodes: `%252e` is the text `%2e`, not a dot. The query string is not the path.
 */
export function hasDotSegment(url: string): boolean {
  const path = targetPath(url);
  if (!path.includes('.') && !path.includes('%')) return false;
  return DOT_SEGMENT.test(path.replace(/%2e/gi, '.').replace(/%2f|%5c/gi, '/'));
}

const MAX_QUOTED_PATH = 200;

/** The JSON 404 of an /api path no route answers; it quotes the path as sent (cut when long). */
export function noRoute(method: string, url: string) {
  const pathname = url.split('?')[0] ?? '/';
  const quoted = pathname.length > MAX_QUOTED_PATH ? `${pathname.slice(0, MAX_QUOTED_PATH)}…` : pathname;
  return notFound(`No route for ${method} ${quoted}`);
}
