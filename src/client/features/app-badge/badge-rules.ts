import { sameOriginPath } from '../../service-worker/messages.js';

/**
 * The count the badge should show: the unread count while signed in (undefined until it is known, or when
 * the read answered nothing), 0 once nobody is signed in.
 */
export function badgeCount(
  isSignedIn: boolean,
  unread: { count: number } | null | undefined,
): number | undefined {
  if (!isSignedIn) return 0;
  return unread?.count;
}

/**
 * Where a clicked notification leads in the app, or null when the page is already there (or the url is
 * not the app's own).
 */
export function clickedPath(
  url: string,
  here: { origin: string; pathname: string; search: string },
): string | null {
  const path = sameOriginPath(url, here.origin);
  if (path === null || path === `${here.pathname}${here.search}`) return null;
  return path;
}
