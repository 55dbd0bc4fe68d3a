/** The path of a request URL, percent-decoded where possible, without its query string. */
function rawPath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The path as a URL parser would resolve it: backslashes as slashes, repeated slashes collapsed,
 * `.` and `..` segments (also percent-encoded ones) resolved.
 */
export function normalizedPath(url: string): string {
  const collapsed = rawPath(url)
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/');
  try {
    return new URL(collapsed, 'http://localhost').pathname;
  } catch {
    return collapsed;
  }
}

const isUnderApi = (path: string) => path === '/api' || path.startsWith('/api/') || path === '/ws';

/**
 * Whether a request addresses the API: its path, as sent or as resolved, is /api, under /api/, or /ws.
 * Such a request never gets a page or a file, and its answers are never stored.
 */
export function isApiPath(url: string): boolean {
  return isUnderApi(url.split('?')[0] ?? '/') || isUnderApi(normalizedPath(url));
}
