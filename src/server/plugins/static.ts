import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isLocale } from '../../shared/i18n/locales.js';
import { manifestTexts } from '../../shared/manifest.js';
import { currentLocale, withLocale } from '../i18n.js';
import { isApiPath, noRoute } from './paths.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves the built client: hashed files under /assets/ cached for a year, everything else revalidated,
 * and the SPA's index.html for any other non-/api GET that does not name a file. Every /api path that matches no API route (also
 * a malformed one: `/api//x`, `/api/x/../y`, `/api/x/%2e%2e/y`) answers the JSON 404, whatever the method.
 */
export async function registerClient(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const hasClient = indexFile !== undefined && fs.existsSync(indexFile);

  if (hasClient && clientDir) {
    registerWebManifest(app, path.join(clientDir, 'manifest.webmanifest'));
    await app.register(fastifyStatic, {
      root: clientDir,
      index: ['index.html'],
      // The build keeps a .br and a .gz beside each text file (scripts/compress-client.mjs).
      preCompressed: true,
      wildcard: true,
      setHeaders(response, filePath) {
        const isHashedAsset = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
        response.header('Cache-Control', isHashedAsset ? IMMUTABLE : REVALIDATE);
      },
    });
  } else {
    app.log.warn('No built client found; only the API is served. Run `npm run build`.');
  }

  // Before the file handler sees it (it would answer a non-canonical path 403): an /api path that only
  // the file handler's wildcard matched is an unknown API route.
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const isApiRoute = route !== undefined && isApiPath(route);
    if (!isApiRoute && isApiPath(request.url)) done(noRoute(request.method, request.url));
    else done();
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(request.url) || !isPageRequest) throw noRoute(request.method, request.url);
    // A file the build did not make (/sw.js, a manifest, an old hashed chunk) is missing, not a page:
    // answering the SPA would hand a service worker or a script loader HTML with a 200.
    if (isFileLike(pathname)) return reply.status(404).type('text/plain').send('Not found');
    if (!hasClient) {
      return reply.status(503).type('text/plain').send('The client is not built. Run `npm run build`.');
    }
    return reply.header('Cache-Control', REVALIDATE).type('text/html').sendFile('index.html');
  });
}

/**
 * The web app manifest the build wrote, in the language of who asks (issue 36, docs/decisions/0164): its
 * `?locale=` when it is one the app speaks (the app can point its manifest link at its own language), else
 * the request's Accept-Language. Only its description and `lang` change; its name is the brand. Revalidated
 * and varying by Accept-Language, so no cache hands one language's to another; the service worker does not
 * precache it (src/client/service-worker/precache.ts).
 */
function registerWebManifest(app: FastifyInstance, file: string): void {
  if (!fs.existsSync(file)) return;
  const built = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  app.get<{ Querystring: { locale?: unknown } }>('/manifest.webmanifest', async (request, reply) => {
    const asked = request.query.locale;
    const locale = isLocale(asked) ? asked : currentLocale();
    const manifest = withLocale(locale, () => ({
      ...built,
      lang: locale,
      description: manifestTexts.description,
    }));
    return reply
      .header('Cache-Control', REVALIDATE)
      .header('Vary', 'Accept-Language')
      .header('Content-Language', locale)
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(manifest));
  });
}

/** Under /assets/, or a last segment with an extension (`/sw.js`, `/manifest.webmanifest`): a file. */
function isFileLike(pathname: string): boolean {
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return pathname.startsWith('/assets/') || /\.[A-Za-z0-9]{1,12}$/.test(lastSegment);
}
