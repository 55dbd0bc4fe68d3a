import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { textsWithoutWords } from './scripts/texts-without-words.js';
import { manifestTexts } from './src/shared/manifest.js';

const apiServer = 'http://localhost:3000';

/** The app's brand blue (--primary in styles.css) and its light background (--background). */
const THEME_COLOR = '#2563eb';
const BACKGROUND_COLOR = '#f6f8fb';

/**
 * Small modules the first screens share (Home, the landing page, Vehicle found and Send Message): in the
 * entry's file instead of a dozen files of half a kilobyte each, each another request on a slow network.
 * The finder's path loads all of them anyway, so its total does not grow (docs/decisions/0095-first-load-budget.md;
 * bench/bundle-budget.test.ts holds the first screens to 10 files).
 */
const SHARED_BY_FIRST_SCREENS = new RegExp(
  [
    'src/client/components/(brand|page-title)\\.',
    'src/client/components/ui/(card|tooltip)\\.',
    'src/client/lib/use-preferences\\.',
    'src/client/features/vehicles/(vehicle-display|vehicle-type-icon|queries)\\.',
    'src/client/features/messaging/texts\\.',
    'src/shared/vehicles/(texts|sticker-code)\\.',
    'lucide-react/dist/esm/icons/(car|car-front|motorbike|truck|van|message-square|circle-check|log-in)\\.mjs',
  ].join('|'),
);

/**
 * The small modules Send Message loads beside its page (the finder's second screen), most of them shared with
 * the owner's vehicle screens: one file instead of six of 0.1-0.4 KB each (docs/decisions/0167).
 */
const SCREEN_PARTS = new RegExp(
  [
    'src/client/features/vehicles/(screen-header|failures|failure-texts)\\.',
    'src/client/lib/handle-error\\.',
    'src/shared/messaging/scrub-texts\\.',
    'lucide-react/dist/esm/icons/(send|arrow-left)\\.mjs',
  ].join('|'),
);

/** Vehicle found's parts, which Send Message and the plate search share: one file, not three. */
const FINDER_PARTS =
  /src\/client\/features\/finder\/(found-vehicle-card|found-vehicle-storage|lookups)\.|lucide-react\/dist\/esm\/icons\/search-x\.mjs/;

/** Home's small modules that the finder's screens do not load: one file (docs/decisions/0167). */
const OWNER_PARTS =
  /src\/client\/(features\/vehicles\/(texts|plate-line)|features\/auth\/(texts|user-display)|components\/avatar)\./;

/**
 * The server's renderer of the finder's pages (docs/decisions/0168): the same components built for Node
 * (`vite build --ssr`, dist/ssr/render.js), with the packages left to node_modules. Its texts come from the
 * server's catalogues, so the code keeps its words as written.
 */
const serverRenderBuild = {
  resolve: {
    alias: {
      'virtual:pwa-register': fileURLToPath(
        new URL('./src/client/ssr/no-service-worker.ts', import.meta.url),
      ),
    },
  },
  publicDir: false as const,
  plugins: [react()],
  build: {
    ssr: 'src/client/ssr/render.tsx',
    outDir: 'dist/ssr',
    emptyOutDir: true,
    sourcemap: true,
  },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverRenderBuild
    : {
        resolve: {
          // React has useSyncExternalStore; the shim's fallback for older Reacts would only add to every first load.
          alias: [
            {
              find: /^use-sync-external-store\/shim(\/index\.js)?$/,
              replacement: fileURLToPath(
                new URL('./src/client/lib/use-sync-external-store.ts', import.meta.url),
              ),
            },
          ],
        },
        plugins: [
          // The texts' words come from the language's catalogue, not from the code (docs/decisions/0162).
          textsWithoutWords(),
          react(),
          tailwindcss(),
          // The installable app (docs/decisions/0090-installable-app.md): our own service worker with Workbox
          // precaching, a web app manifest, and its icons drawn at build time from public/favicon.svg.
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'src/client/service-worker',
            filename: 'sw.ts',
            // A new version waits until the app asks for it (the App Update Available page) or every window closes.
            registerType: 'prompt',
            // The app registers the worker itself (src/client/app/service-worker-registration.ts), after it loads.
            injectRegister: false,
            manifest: {
              name: 'Vehicle Contact',
              short_name: 'Vehicle Contact',
              // English here; the server answers the manifest in the asker's language (docs/decisions/0164).
              description: manifestTexts.description,
              id: '/',
              start_url: '/',
              scope: '/',
              display: 'standalone',
              orientation: 'portrait',
              theme_color: THEME_COLOR,
              background_color: BACKGROUND_COLOR,
            },
            pwaAssets: {
              image: 'public/favicon.svg',
              overrideManifestIcons: true,
              includeHtmlHeadLinks: true,
              // index.html names the theme colours for light and dark mode itself.
              injectThemeColor: false,
              preset: {
                transparent: { sizes: [64, 192, 512], favicons: [[48, 'favicon.ico']] },
                // Maskable and Apple icons get no transparency: the brand blue fills the corners a platform crops.
                maskable: { sizes: [512], resizeOptions: { background: THEME_COLOR } },
                apple: { sizes: [180], resizeOptions: { background: THEME_COLOR } },
              },
            },
            injectManifest: {
              // The shell, every route chunk, the QR decoder worker, styles and icons: every route opens offline (the
              // plugin adds the web app manifest itself).
              globPatterns: ['**/*.{js,css,html,svg,png,ico}'],
              // The scanner's decoder is the largest file; everything the app loads must fit.
              maximumFileSizeToCacheInBytes: 1024 * 1024,
            },
            devOptions: { enabled: false },
          }),
        ],
        build: {
          outDir: 'dist/client',
          emptyOutDir: true,
          // No <link rel="modulepreload"> per chunk a dynamic import needs: Chromium spends 0.1-20 ms in each
          // such append (measured: 126 ms in 40 appends while a finder's page was taken over), all of it in the
          // tasks that take over the page and start the agents. A chunk's own imports load when it does
          // (one more round trip for a screen's deeper chunks; Lighthouse: no paint later; decision 0169).
          modulePreload: false,
          // bench/bundle.bench.ts reads which chunks each route loads from here.
          manifest: true,
          rolldownOptions: {
            output: {
              codeSplitting: {
                // Everything the entry imports statically is one file: the first screen's shell arrives in one
                // request and compresses as a whole (docs/decisions/0095-first-load-budget.md). Pages stay their own chunks.
                groups: [
                  { name: 'index', tags: ['$initial'] },
                  { name: 'index', test: SHARED_BY_FIRST_SCREENS },
                  // Vehicle found's card, its lookups and their icons (the finder's screens and the plate search).
                  { name: 'finder-parts', test: FINDER_PARTS },
                  // Send Message's small parts, which the vehicle screens share: one file, not six.
                  { name: 'screen-parts', test: SCREEN_PARTS },
                  // What Home shows beside its page that the finder's screens do not: the owner's screens' texts, the avatar.
                  { name: 'owner-parts', test: OWNER_PARTS },
                  // Home's conversation lines and their times travel together (Home and Conversations load both).
                  {
                    name: 'conversation-display',
                    test: /src\/client\/(lib\/message-time|features\/messaging\/conversation-display)\./,
                  },
                ],
              },
            },
          },
        },
        server: {
          proxy: {
            // The server checks Origin against APP_ORIGIN on non-GET requests (and will on WebSocket upgrades);
            // in development the page comes from Vite's port, so present the API's own origin.
            '/api': {
              target: apiServer,
              configure: (proxy) => proxy.on('proxyReq', (request) => request.setHeader('origin', apiServer)),
            },
            '/ws': {
              target: apiServer,
              ws: true,
              configure: (proxy) =>
                proxy.on('proxyReqWs', (request) => request.setHeader('origin', apiServer)),
            },
          },
        },
      },
);
