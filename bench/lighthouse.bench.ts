// `npm run bench lighthouse`: Lighthouse (mobile, its default simulated throttling) with Debian's Chromium on
// the built server, for the landing page, Home (signed in) and Vehicle found (a seeded vehicle's QR link).
// Prints the performance, accessibility and best-practices scores, the paint and blocking figures, the
// JavaScript each page loaded (as served, and gzip -9 of the same files as bench/bundle.bench.ts counts
// it), what Lighthouse points at, and the installable-app checks. Lighthouse 12 has no PWA category any
// more: the checks are Chromium's own installability verdict (CDP Page.getInstallabilityErrors), the web app
// manifest it read, the service worker's state, and a reload with the network cut
// (docs/decisions/0095-first-load-budget.md). Nothing is fetched from the internet.
// CHROMIUM_PATH names another browser; LIGHTHOUSE_RUNS=3 takes the median of three runs per page;
// LIGHTHOUSE_PAGES=landing,qr measures those pages alone.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { SESSION_HINT_COOKIE } from '../src/shared/auth/auth.contract.js';
import { clientDir, gzipSize, kilobytes } from './bundle-sizes.js';
import { seedVehicle, signedInCookie, startAppServer } from './lib.js';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
/**
 * LIGHTHOUSE_REPORT_DIR keeps each page's last Lighthouse report (JSON) and its trace there, to read what took
 * the time (`npx tsx bench/main-thread.ts <trace>`); LIGHTHOUSE_PROFILE=1 adds the JavaScript profiler's samples
 * to the trace (they name the functions, and slow what they sample).
 */
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
const additionalTraceCategories =
  process.env.LIGHTHOUSE_PROFILE === '1' ? 'disabled-by-default-v8.cpu_profiler' : undefined;

interface Target {
  name: string;
  path: string;
  cookie?: string;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

function gzipOfServedFile(url: string): number | undefined {
  const file = path.join(clientDir, new URL(url).pathname);
  return fs.existsSync(file) ? gzipSize(file) : undefined;
}

/**
 * The browser's cookie jar holds `cookie` (a `name=value` pair) for the app's origin, with the readable
 * session hint the server sets beside a session cookie, as a signed-in browser holds them; or, without
 * one, no cookies at all. (Lighthouse's storage reset leaves cookies alone.)
 */
async function setBrowserSession(port: number, origin: string, cookie: string | undefined) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const session = await browser.target().createCDPSession();
    await session.send('Storage.clearCookies');
    if (!cookie) return;
    const [name, ...value] = cookie.split(';')[0]?.split('=') ?? [];
    const cookies = [
      { name: name ?? '', value: value.join('='), url: origin, httpOnly: true },
      { name: SESSION_HINT_COOKIE, value: '1', url: origin },
    ];
    await session.send('Storage.setCookies', { cookies });
  } finally {
    browser.disconnect();
  }
}

/** On the app's own origin (APP_ORIGIN, localhost): the server refuses a WebSocket from any other. */
async function audit(port: number, url: string): Promise<RunnerResult> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    ...(additionalTraceCategories ? { additionalTraceCategories } : {}),
  };
  // A trace Lighthouse failed to record (NO_NAVSTART, NO_FCP now and then on a busy machine) is its own
  // failure, not the page's: measured again, at most twice, and said so.
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt === 3) throw new Error(`${url}: ${error.message}`);
    process.stdout.write(`  ${url}: ${error.code}, measured again\n`);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function summarise(target: Target, results: RunnerResult[]) {
  const score = (category: string) =>
    median(results.map((result) => Math.round((result.lhr.categories[category]?.score ?? 0) * 100)));
  const metric = (id: string) => median(results.map((result) => result.lhr.audits[id]?.numericValue ?? 0));
  const last = results[results.length - 1] as RunnerResult;
  const requests = ((last.lhr.audits['network-requests']?.details as { items?: NetworkItem[] })?.items ??
    []) as NetworkItem[];
  const scripts = requests.filter(
    (item) => item.resourceType === 'Script' && new URL(item.url).pathname.startsWith('/assets/'),
  );
  const servedBytes = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const documentBytes = requests.find((item) => item.resourceType === 'Document')?.transferSize ?? 0;
  const gzipBytes = scripts.reduce((sum, item) => sum + (gzipOfServedFile(item.url) ?? 0), 0);
  const opportunities = Object.values(last.lhr.audits)
    .filter(
      (entry) =>
        entry.score !== null &&
        entry.score < 0.9 &&
        entry.scoreDisplayMode !== 'informative' &&
        entry.scoreDisplayMode !== 'notApplicable' &&
        entry.scoreDisplayMode !== 'manual',
    )
    .map((entry) => `${entry.id}${entry.displayValue ? ` (${entry.displayValue})` : ''}`);
  const consoleErrors = (
    (
      last.lhr.audits['errors-in-console']?.details as {
        items?: { description?: string; sourceLocation?: { url?: string } }[];
      }
    )?.items ?? []
  ).map((item) => `${item.description ?? ''} ${item.sourceLocation?.url ?? ''}`.trim());
  return {
    page: target.name,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    'FCP s': (metric('first-contentful-paint') / 1000).toFixed(2),
    'LCP s': (metric('largest-contentful-paint') / 1000).toFixed(2),
    'TBT ms': Math.round(metric('total-blocking-time')),
    // Each run's, in order: Lantern's blocking time moves with what the machine did meanwhile.
    'TBT runs': results
      .map((result) => Math.round(result.lhr.audits['total-blocking-time']?.numericValue ?? 0))
      .join('/'),
    CLS: metric('cumulative-layout-shift').toFixed(3),
    'HTML KB': kilobytes(documentBytes),
    'JS files': scripts.length,
    'JS served KB': kilobytes(servedBytes),
    'JS gzip KB': kilobytes(gzipBytes),
    opportunities,
    consoleErrors,
  };
}

/** Chromium's installability verdict, the manifest it read, the service worker, and an offline reload. */
async function installChecks(port: number, url: string) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  try {
    await page.goto(url, { waitUntil: 'networkidle0' });
    const worker = await page.evaluate(async () => {
      const registration = await Promise.race([
        navigator.serviceWorker.ready,
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 15_000)),
      ]);
      return { scope: registration?.scope ?? null, state: registration?.active?.state ?? null };
    });
    const session = await page.createCDPSession();
    const { installabilityErrors } = (await session.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    const manifest = (await session.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string }[];
      parsed?: { name?: string; display?: string; start_url?: string; icons?: unknown[] };
    };
    // Every route is precached: the app opens with the network cut.
    await page.setOfflineMode(true);
    await page.reload({ waitUntil: 'domcontentloaded' });
    // index.html's own spinner says "Loading" before the app runs: wait for a page's heading instead.
    await page.waitForFunction(() => document.querySelector('#root h1') !== null, {
      timeout: 15_000,
    });
    const offlineText = await page.evaluate(() => document.getElementById('root')?.textContent?.slice(0, 60));
    await page.setOfflineMode(false);
    return {
      installable: installabilityErrors.length === 0,
      installabilityErrors: installabilityErrors.map((error) => error.errorId),
      manifest: manifest.url,
      manifestErrors: manifest.errors.map((error) => error.message),
      worker,
      offlineReload: offlineText,
    };
  } finally {
    await page.close();
    browser.disconnect();
  }
}

// `npm run bench` pins itself to the load generator's core (scripts/bench.mjs), and Chromium would inherit
// it: a browser squeezed onto one core with Lighthouse itself runs the page about twice as slowly as on
// the phone Lighthouse's throttling models. The browser gets every core; the app server keeps its own.
spawnSync('taskset', ['-a', '-p', '-c', `0-${os.cpus().length - 1}`, String(process.pid)], {
  stdio: 'ignore',
});
const load = os.loadavg().map((value) => value.toFixed(2));
const app = await startAppServer();
const chromeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vc-lighthouse-'));
const chrome = await chromeLauncher.launch({
  chromePath,
  userDataDir: chromeDir,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
  ],
});
try {
  const cookie = await signedInCookie(app);
  const vehicle = await seedVehicle(app, cookie);
  const targets: Target[] = [
    { name: 'Landing (signed out)', path: '/' },
    { name: 'Home (signed in)', path: '/', cookie },
    { name: 'Vehicle found (QR link)', path: `/vehicle/qr/${encodeURIComponent(vehicle.qrCode)}` },
  ];
  process.stdout.write(
    `\nLighthouse (mobile, simulated throttling), ${runs} run(s) per page; load average ${load.join(' ')}; ${app.origin}\n\n`,
  );
  const rows = [];
  // LIGHTHOUSE_PAGES=landing,qr measures only the pages whose names hold one of those words.
  const only = process.env.LIGHTHOUSE_PAGES?.toLowerCase().split(',').filter(Boolean);
  for (const target of targets.filter(
    (page) => !only || only.some((word) => page.name.toLowerCase().includes(word)),
  )) {
    const results: RunnerResult[] = [];
    await setBrowserSession(chrome.port, app.origin, target.cookie);
    for (let run = 0; run < runs; run += 1) results.push(await audit(chrome.port, app.origin + target.path));
    rows.push(summarise(target, results));
    if (reportDir) {
      fs.mkdirSync(reportDir, { recursive: true });
      const name = target.name.replace(/[^a-z]+/gi, '-').toLowerCase();
      const last = results[results.length - 1];
      fs.writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(last?.lhr));
      fs.writeFileSync(path.join(reportDir, `${name}.trace.json`), JSON.stringify(last?.artifacts.Trace));
    }
  }
  console.table(rows.map(({ opportunities: _, consoleErrors: __, ...row }) => row));
  for (const row of rows) {
    process.stdout.write(`\n${row.page}: below 0.9: ${row.opportunities.join(', ') || 'nothing'}\n`);
    for (const error of row.consoleErrors) process.stdout.write(`  console error: ${error}\n`);
  }
  await setBrowserSession(chrome.port, app.origin, undefined);
  const install = await installChecks(chrome.port, `${app.origin}/`);
  process.stdout.write(`\nInstallable app (Chromium): ${JSON.stringify(install, null, 2)}\n`);
} finally {
  await chrome.kill();
  app.stop();
  fs.rmSync(chromeDir, { recursive: true, force: true });
}
