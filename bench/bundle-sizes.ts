// What JavaScript each route of the built client loads on a first visit, gzip-sized from dist/client: the
// entry chunk (index.html) with what it imports statically, then the route's page chunks (React.lazy renders
// them at once, with the chunks they import statically, which Vite preloads with the page). Dynamic imports
// that wait for something (the push agent, app badge and install prompts after the session settles, a
// toast's toaster, a page's own lazy parts) load after the first screen and are not counted. Each file
// counts as the browser fetches it: its own gzip. Reads Vite's build manifest (build.manifest in
// vite.config.ts). bench/bundle-budget.test.ts holds the budgets in `npm test`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ClientPart } from '../src/shared/i18n/catalogs.js';

export const root = path.resolve(import.meta.dirname, '..');
export const clientDir = path.join(root, 'dist/client');

/** The first-load budget of the landing page, the finder's path and Home (issue 9: 120 KB gzip). */
export const FIRST_LOAD_BUDGET_BYTES = 120 * 1024;

export interface MeasuredRoute {
  name: string;
  /** The address a visitor opens (or the steps of a path through the app). */
  url: string;
  /** The page modules the route renders, in order; every one's chunks count once. */
  pages: string[];
  /** Whether the first-load budget applies. */
  isBudgeted: boolean;
  /**
   * The parts of the language's catalogue the route waits for (src/client/lib/i18n.ts, app/pages.ts,
   * shared/i18n/catalogs.ts): a first screen's own part, the whole for a screen off the first screens.
   */
  catalogues: ClientPart[];
}

const page = (file: string) => `src/client/pages/${file}.tsx`;

export const measuredRoutes: MeasuredRoute[] = [
  {
    name: 'Landing (signed out)',
    url: '/',
    pages: [page('landing')],
    isBudgeted: true,
    catalogues: ['landing'],
  },
  {
    name: 'Finder: QR link, Vehicle found, Send Message',
    url: '/vehicle-found?qr=… → /message/{id}',
    pages: [page('vehicle-found'), page('send-message')],
    isBudgeted: true,
    catalogues: ['finder'],
  },
  {
    name: 'Vehicle found',
    url: '/vehicle-found/{id}',
    pages: [page('vehicle-found')],
    isBudgeted: true,
    catalogues: ['finder'],
  },
  {
    name: 'Home (signed in)',
    url: '/',
    pages: [page('home')],
    isBudgeted: true,
    catalogues: ['owner'],
  },
  {
    name: 'Sign in / Sign up',
    url: '/auth',
    pages: [page('auth')],
    isBudgeted: false,
    catalogues: ['all'],
  },
  {
    name: 'QR scanner',
    url: '/qr-scanner',
    pages: [page('qr-scanner')],
    isBudgeted: false,
    catalogues: ['landing'],
  },
  {
    name: 'License plate',
    url: '/license-plate',
    pages: [page('license-plate')],
    isBudgeted: false,
    catalogues: ['landing'],
  },
  {
    name: 'Conversations',
    url: '/conversations',
    pages: [page('conversations')],
    isBudgeted: false,
    catalogues: ['all'],
  },
  {
    name: 'Your QR Code',
    url: '/qr-code/{id}',
    pages: [page('qr-code')],
    isBudgeted: false,
    catalogues: ['all'],
  },
  {
    name: 'My Vehicles',
    url: '/vehicle-management',
    pages: [page('vehicle-management')],
    isBudgeted: false,
    catalogues: ['all'],
  },
  {
    name: 'Add Vehicle',
    url: '/vehicle-setup',
    pages: [page('vehicle-setup')],
    isBudgeted: false,
    catalogues: ['all'],
  },
  {
    name: 'Profile',
    url: '/profile',
    pages: [page('profile')],
    isBudgeted: false,
    catalogues: ['all'],
  },
];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type BuildManifest = Record<string, ManifestChunk>;

export interface RouteSize {
  route: MeasuredRoute;
  /** The JavaScript files loaded, relative to dist/client. */
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  /** Of gzipBytes: the entry and its static imports, which every route loads. */
  entryGzipBytes: number;
  cssGzipBytes: number;
}

function readManifest(dir: string): BuildManifest {
  const file = path.join(dir, '.vite/manifest.json');
  if (!fs.existsSync(file))
    throw new Error(`${file} is missing: build the client first (npm run build:client)`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as BuildManifest;
}

/** gzip at level 9, as Vite's build report sizes it. */
export function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** The chunk and every chunk it imports statically, transitively. */
function staticClosure(manifest: BuildManifest, key: string, into: Set<string>) {
  if (into.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) return;
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

/**
 * The gzip JavaScript of each route. A page module with no chunk of its own (a build without route
 * splitting) is inside the entry chunk, which every route loads.
 */
export function measureRoutes(
  dir: string = clientDir,
  routes: MeasuredRoute[] = measuredRoutes,
  locale = 'en-US',
): RouteSize[] {
  const manifest = readManifest(dir);
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith('index.html'));
  if (!entryKey) throw new Error('The build manifest names no index.html entry');
  return routes.map((route) => {
    const keys = new Set<string>();
    staticClosure(manifest, entryKey, keys);
    const entryFiles = new Set([...keys].map((key) => (manifest[key] as ManifestChunk).file));
    for (const pageSource of route.pages) {
      if (!manifest[pageSource]) throw new Error(`The build manifest has no chunk for ${pageSource}`);
      staticClosure(manifest, pageSource, keys);
    }
    // The language's catalogue: the part the route's screen waits for (main.tsx, app/pages.ts).
    for (const part of route.catalogues) {
      const catalogue = `locales/${locale}/${part}.json`;
      if (!manifest[catalogue]) throw new Error(`The build manifest has no chunk for ${catalogue}`);
      staticClosure(manifest, catalogue, keys);
    }
    const chunks = [...keys].map((key) => manifest[key] as ManifestChunk);
    const files = [...new Set(chunks.map((chunk) => chunk.file))].filter((file) => file.endsWith('.js'));
    const cssFiles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
    const sizeOf = (file: string) => fs.statSync(path.join(dir, file)).size;
    return {
      route,
      files,
      rawBytes: files.reduce((sum, file) => sum + sizeOf(file), 0),
      gzipBytes: files.reduce((sum, file) => sum + gzipSize(path.join(dir, file)), 0),
      entryGzipBytes: files
        .filter((file) => entryFiles.has(file))
        .reduce((sum, file) => sum + gzipSize(path.join(dir, file)), 0),
      cssGzipBytes: cssFiles.reduce((sum, file) => sum + gzipSize(path.join(dir, file)), 0),
    };
  });
}

export const kilobytes = (bytes: number) => (bytes / 1024).toFixed(1);
