import { useEffect } from 'react';

export const APP_NAME = 'Vehicle Contact';

/** The document title of a page: "My Vehicles · Vehicle Contact". */
export function pageTitle(page: string): string {
  return page ? `${page} · ${APP_NAME}` : APP_NAME;
}

/**
 * Whether a page heading that appears now should take focus: only after the path changed since the last time a
 * heading took it, so neither the first page of a visit nor a page's own re-render (spinner, then content;
 * another tab of the same path) moves focus.
 */
export function shouldFocusHeading(lastPath: string, path: string): boolean {
  return path !== lastPath;
}

let announcedPath = typeof window === 'undefined' ? '' : window.location.pathname;

/**
 * The ref of a page's h1 (give it tabIndex={-1}): after a route change the heading takes focus, so screen
 * readers announce the new page instead of losing focus to <body> with the link that was pressed. Its focus
 * ring is hidden in styles.css (h1[tabindex="-1"]:focus).
 */
export function pageHeadingRef(heading: HTMLElement | null): void {
  if (!heading) return;
  const path = window.location.pathname;
  if (!shouldFocusHeading(announcedPath, path)) return;
  announcedPath = path;
  heading.focus();
}

/** Sets document.title to "<page> · Vehicle Contact" while the page is shown. Returns the ref for its h1. */
export function usePageTitle(page: string): typeof pageHeadingRef {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
  return pageHeadingRef;
}
