// `npm run bench bundle`: the gzip JavaScript each route loads on a first visit, from the built client
// (scripts/bench.mjs builds it when the sources changed), against the 120 KB budget of the landing page,
// the finder's path and Home. BUNDLE_DIR measures another build (e.g. one made from an older commit with
// `npx vite build --outDir /tmp/old --manifest`).
import path from 'node:path';
import { clientDir, FIRST_LOAD_BUDGET_BYTES, kilobytes, measureRoutes } from './bundle-sizes.js';

const dir = process.env.BUNDLE_DIR ? path.resolve(process.env.BUNDLE_DIR) : clientDir;
const sizes = measureRoutes(dir);
const budget = kilobytes(FIRST_LOAD_BUDGET_BYTES);

process.stdout.write(`\nFirst-load JavaScript per route (gzip -9; ${dir})\n\n`);
const rows = sizes.map(({ route, files, rawBytes, gzipBytes, entryGzipBytes, cssGzipBytes }) => ({
  route: route.name,
  url: route.url,
  'JS files': files.length,
  'JS KB': kilobytes(rawBytes),
  'JS gzip KB': kilobytes(gzipBytes),
  'entry gzip KB': kilobytes(entryGzipBytes),
  'pages gzip KB': kilobytes(gzipBytes - entryGzipBytes),
  'CSS gzip KB': kilobytes(cssGzipBytes),
  budget: route.isBudgeted
    ? `${gzipBytes <= FIRST_LOAD_BUDGET_BYTES ? 'within' : 'OVER'} ${budget} KB (${((gzipBytes / FIRST_LOAD_BUDGET_BYTES) * 100).toFixed(0)}%)`
    : '',
}));
console.table(rows);
const over = sizes.filter(({ route, gzipBytes }) => route.isBudgeted && gzipBytes > FIRST_LOAD_BUDGET_BYTES);
if (over.length > 0) {
  process.stdout.write(`\nOver the ${budget} KB budget: ${over.map(({ route }) => route.name).join(', ')}\n`);
}
