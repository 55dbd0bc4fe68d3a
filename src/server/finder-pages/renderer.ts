import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { I18n } from '@lingui/core';
import type { PageRenderRequest, RenderedPage } from '../../shared/server-render.js';

/** The renderer the client's build makes for the server (src/client/ssr/render.tsx, dist/ssr/render.js). */
export interface PageRenderer {
  render(request: PageRenderRequest): Promise<RenderedPage>;
}

interface RendererModule extends PageRenderer {
  readTextsFromServer(texts: () => I18n | undefined): void;
}

/**
 * Loads the built renderer, its texts read through the server's catalogues in the language of the request
 * at hand (src/server/i18n.ts). Undefined when the build made none: the pages are then the client's app.
 */
export async function loadPageRenderer(
  file: string,
  texts: () => I18n | undefined,
): Promise<PageRenderer | undefined> {
  if (!fs.existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as RendererModule;
  module.readTextsFromServer(texts);
  return { render: (request) => module.render(request) };
}
