import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { textsOfTheMoment } from '../i18n.js';
import { registerFinderPageRoutes } from './finder-pages.routes.js';
import { readPageDocument } from './page-document.js';
import { loadPageRenderer } from './renderer.js';

/**
 * The finder's pages drawn on the server (issue 37, decision 0168), from the built client (its index.html
 * and style sheet) and the renderer built beside it (dist/ssr/render.js). Without them the pages are the
 * client's app, as every other address. Vehicles and messaging offer what the pages read and send.
 */
export async function registerFinderPages(
  app: FastifyInstance,
  clientDir: string | undefined,
): Promise<void> {
  const document = clientDir ? readPageDocument(clientDir) : undefined;
  const rendererFile = clientDir ? path.join(clientDir, '..', 'ssr', 'render.js') : undefined;
  const renderer = rendererFile ? await loadPageRenderer(rendererFile, textsOfTheMoment) : undefined;
  if (!document || !renderer) return;
  registerFinderPageRoutes(app, {
    renderer,
    document,
    vehicles: app.publicVehicles,
    messaging: app.finderMessaging,
  });
}
