import type { FastifyRequest } from 'fastify';

/** Where a browser lands once GET or POST /api/logout has ended its session (the sign-in form). */
export const SIGNED_OUT_PATH = '/auth?mode=login';

/**
 * Whether GET /api/logout may end the session: only a navigation the browser says came from this app
 * (same-origin) or from the user directly (none: a typed address or bookmark). Another site, a sibling
 * subdomain, a browser that says nothing, HEAD and prefetches get the confirmation page instead: the Lax
 * session cookie rides on any top-level navigation, so a link elsewhere must not sign anybody out.
 */
export function mayEndSessionOnGet(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const purpose = `${request.headers['sec-purpose'] ?? ''} ${request.headers.purpose ?? ''}`;
  if (/prefetch|prerender/i.test(purpose)) return false;
  const site = request.headers['sec-fetch-site'];
  return site === 'same-origin' || site === 'none';
}

/**
 * What GET /api/logout answers when the browser does not say the navigation came from this app or a
 * typed address (docs/decisions/0051-logout-confirmation.md): a page that asks before signing out. No
 * script (the CSP allows none inline); the form posts to POST /api/logout with the page's own Origin.
 */
export const LOGOUT_CONFIRM_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <meta name="robots" content="noindex">
    <title>Sign Out? - Vehicle Contact</title>
    <style>
      :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
      body { margin: 0; min-height: 100dvh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
      main { max-width: 22rem; padding: 2rem 1.25rem; text-align: center; }
      h1 { font-size: 1.5rem; margin: 0 0 0.75rem; }
      p { margin: 0 0 1.5rem; line-height: 1.5; }
      form { margin: 0 0 0.75rem; }
      button, a { display: block; box-sizing: border-box; width: 100%; min-height: 44px; padding: 0.75rem 1rem;
        border-radius: 0.75rem; font: inherit; font-weight: 600; text-decoration: none; }
      button { border: 0; background: #1d4ed8; color: #fff; cursor: pointer; }
      a { border: 1px solid #6b7280; color: inherit; }
      button:focus-visible, a:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
    </style>
  </head>
  <body>
    <main>
      <h1>Sign Out?</h1>
      <p>Do you want to sign out of Vehicle Contact in this browser?</p>
      <form method="post" action="/api/logout">
        <button type="submit">Sign Out</button>
      </form>
      <a href="/">Cancel</a>
    </main>
  </body>
</html>
`;
