// The first-load budget (issue 9, docs/decisions/0095-first-load-budget.md) as a check of `npm test`: builds
// the client into a temporary folder (a few seconds; sizes are deterministic) and measures each budgeted route
// as bench/bundle.bench.ts does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../src/shared/i18n/locales.js';
import { FIRST_LOAD_BUDGET_BYTES, kilobytes, measureRoutes, type RouteSize, root } from './bundle-sizes.js';

const FINDER_PATH = 'Finder: QR link, Vehicle found, Send Message';

let outDir: string;
/** Each route's size in each language: its catalogue is part of its first load (docs/decisions/0162). */
let sizes: (RouteSize & { locale: string })[];

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vc-bundle-budget-'));
  // Vitest runs with NODE_ENV=test, which would build React's development bundle: build as `npm run build` does.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(root, 'vite.config.ts'),
      root,
      mode: 'production',
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  sizes = LOCALES.flatMap((locale) =>
    measureRoutes(outDir, undefined, locale).map((size) => ({ ...size, locale })),
  );
}, 120_000);

afterAll(() => {
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

describe('first-load JavaScript (gzip)', () => {
  it('measures every budgeted route', () => {
    expect(
      sizes
        .filter(({ route, locale }) => route.isBudgeted && locale === 'en-US')
        .map(({ route }) => route.name),
    ).toEqual(['Landing (signed out)', FINDER_PATH, 'Vehicle found', 'Home (signed in)']);
  });

  const budgeted = ['Landing (signed out)', FINDER_PATH, 'Vehicle found', 'Home (signed in)'];
  const firstScreens = ['Landing (signed out)', 'Vehicle found', 'Home (signed in)'];
  const sizeOf = (name: string, locale: string) => {
    const size = sizes.find(({ route, locale: its }) => route.name === name && its === locale);
    expect(size, name).toBeDefined();
    return size as RouteSize;
  };
  const described = (size: RouteSize, locale: string) =>
    `${size.route.name} (${locale}): ${kilobytes(size.gzipBytes)} KB (${size.files.join(', ')})`;

  it.each(LOCALES.flatMap((locale) => budgeted.map((name) => [name, locale])))(
    '%s in %s loads at most 120 KB',
    (name, locale) => {
      const size = sizeOf(name, locale);
      expect(size.gzipBytes, described(size, locale)).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
    },
  );

  // Every file is another request on a slow network: Home's largest paint waited for its 18th
  // (vite.config.ts SHARED_BY_FIRST_SCREENS, docs/decisions/0095-first-load-budget.md).
  it.each(LOCALES.flatMap((locale) => firstScreens.map((name) => [name, locale])))(
    '%s in %s loads at most 10 JavaScript files',
    (name, locale) => {
      const size = sizeOf(name, locale);
      expect(size.files.length, described(size, locale)).toBeLessThanOrEqual(10);
    },
  );
});
