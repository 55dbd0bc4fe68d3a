import fs from 'node:fs';
import path from 'node:path';
import type { Locale } from '../../shared/i18n/locales.js';
import { PAGE_STATE_ELEMENT_ID, type RenderedPage } from '../../shared/server-render.js';

/**
 * The built index.html as the frame of a page the server draws (decision 0168): the drawn markup in #root,
 * the client's query cache beside it (which tells the client to hydrate instead of drawing anew), the
 * request's language on <html>, and the style sheet inlined: a finder's first paint waits for one answer,
 * not for a second request (the stylesheet is the whole sheet, so every later screen of the app has its
 * rules too), and the app's entry asked for after the first paint (ENTRY_SCRIPT). Everything else (the
 * manifest, the icons) stays as the build wrote it.
 */
export interface PageDocument {
  /** The app as every other address gets it (index.html as built). */
  readonly appShell: string;
  /** A drawn page in its frame. */
  page(rendered: RenderedPage, locale: Locale): string;
}

const ROOT = /<div id="root">[\s\S]*?<\/main>\s*<\/div>/;
const NOSCRIPT = /\s*<noscript>[\s\S]*?<\/noscript>/;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/;
/**
 * The app's entry: the page is whole without it, so public/after-paint.js asks for it once the page has been
 * painted, instead of the parser at once (its bytes never compete with the page's on a slow network).
 */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;

export function readPageDocument(clientDir: string): PageDocument | undefined {
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) return undefined;
  const appShell = fs.readFileSync(indexFile, 'utf8');
  if (!ROOT.test(appShell)) return undefined;
  const sheet = STYLESHEET.exec(appShell);
  const sheetFile = sheet?.[1] ? path.join(clientDir, sheet[1]) : undefined;
  const frame =
    sheet && sheetFile && fs.existsSync(sheetFile)
      ? appShell.replace(
          sheet[0],
          () => `<style>${fs.readFileSync(sheetFile, 'utf8')}</style>${namedSheet(sheet[1] ?? '')}`,
        )
      : appShell;
  // The parts around what changes per page, split once.
  const [beforeRoot = '', afterRoot = ''] = frame
    .replace(NOSCRIPT, '')
    .replace(ENTRY_SCRIPT, '<script src="/after-paint.js" data-entry="$1" defer></script>')
    .split(ROOT);
  return {
    appShell,
    page: ({ html, state }, locale) =>
      beforeRoot.replace(/<html lang="[^"]*">/, `<html lang="${locale}">`) +
      `<div id="root">${html}</div>` +
      `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${scriptSafe(state)}</script>` +
      afterRoot,
  };
}

/**
 * The inlined sheet still named by its link, disabled (never fetched, never applied): the app's chunk loader
 * (Vite's preload helper) adds a chunk's stylesheet unless a `<link rel="stylesheet">` to it is on the page,
 * and on a drawn page it would otherwise fetch the whole sheet again, parse it and restyle every element
 * while the app takes over (decision 0169).
 */
const namedSheet = (href: string) => `<link rel="stylesheet" href="${href}" disabled>`;

/** JSON inside a <script> element: no `</script>` or `<!--` can end or bend it (`<` as its escape). */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');
