import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../shared/errors.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves the built client: hashed files under /assets/ cached for a year, everything else revalidated,
 * and the SPA's index.html for any other non-/api GET. Unknown /api paths answer JSON 404.
 */
export async function registerClient(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const hasClient = indexFile !== undefined && fs.existsSync(indexFile);

  if (hasClient && clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: ['index.html'],
      wildcard: true,
      setHeaders(response, filePath) {
        const isHashedAsset = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
        response.header('Cache-Control', isHashedAsset ? IMMUTABLE : REVALIDATE);
      },
    });
  } else {
    app.log.warn('No built client found; only the API is served. Run `npm run build`.');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/') || pathname === '/ws';
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !isPageRequest) {
      return reply
        .status(404)
        .send({ message: `No route for ${request.method} ${pathname}`, code: ErrorCode.notFound });
    }
    if (pathname.startsWith('/assets/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!hasClient) {
      return reply.status(503).type('text/plain').send('The client is not built. Run `npm run build`.');
    }
    return reply.header('Cache-Control', REVALIDATE).type('text/html').sendFile('index.html');
  });
}
