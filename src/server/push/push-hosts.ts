/**
 * Whether a push endpoint may be called (ADDENDUM §9): https, on a host of PUSH_SERVICE_HOSTS. A pattern
 * is a host ("fcm.googleapis.com", default port only), a host and port ("localhost:8443"), or a wildcard
 * for the subdomains of a domain ("*.push.apple.com", not the domain itself). Case does not matter; URL
 * parsing has already turned the host to lower case and punycode.
 */
export function isAllowedPushEndpoint(endpoint: string, patterns: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  return patterns.some((raw) => {
    const pattern = raw.trim().toLowerCase();
    if (!pattern) return false;
    const [host, port = ''] = pattern.startsWith('[') ? [pattern] : pattern.split(':');
    if (port !== url.port) return false;
    if (host?.startsWith('*.')) {
      const suffix = host.slice(1);
      return url.hostname.endsWith(suffix) && url.hostname.length > suffix.length;
    }
    return url.hostname === host;
  });
}
