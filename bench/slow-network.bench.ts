// `npm run bench slow-network`: a finder on a 2G connection (Chromium's network emulation through CDP: 250
// kbit/s each way, 300 ms round trip; issue 37) opens a sticker's QR link. Measures, per run in a fresh
// browser context (nothing cached, no service worker), when the vehicle's card is readable: its plate in the
// document (with the page's style sheet, inlined in the HTML the server draws) and the largest paint, for the
// page the server draws, and for the same page drawn by the client's app (what a browser holding a session gets
// at the same address: index.html, its scripts, then the vehicle asked for). The ratio is against the floor
// of the emulated connection: one round trip for the request (Chromium's emulation adds its latency to each
// request, not to the connection) and the HTML's bytes through 250 kbit/s.
// BENCH_2G_RUNS (default 3) runs per page, the median printed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { SESSION_HINT_COOKIE } from '../src/shared/auth/auth.contract.js';
import { seedVehicle, signedInCookie, startAppServer } from './lib.js';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.BENCH_2G_RUNS ?? 3));
const RTT_MS = 300;
const BYTES_PER_SECOND = 250_000 / 8;

interface Run {
  /** When the plate was in the document, from the navigation's start. */
  readableMs: number;
  lcpMs: number;
  htmlBytes: number;
}

async function openOn2g(
  browser: Browser,
  url: string,
  plate: string,
  cookies: { name: string; value: string }[],
) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (cookies.length > 0)
      await context.setCookie(
        ...cookies.map((cookie) => ({ ...cookie, domain: new URL(url).hostname, path: '/' })),
      );
    const session = await page.createCDPSession();
    await session.send('Network.enable');
    await session.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: RTT_MS,
      downloadThroughput: BYTES_PER_SECOND,
      uploadThroughput: BYTES_PER_SECOND,
    });
    // The first frame with the plate in the document (the parser's insertions raise no mutation records), and
    // the largest paint, as the page sees them. A string: tsx would wrap a function's inner functions in a
    // helper the page does not have.
    await page.evaluateOnNewDocument(`
      const check = () => {
        if (document.body?.textContent?.includes(${JSON.stringify(plate)})) window.__readableAt = performance.now();
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    `);
    const response = await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction('window.__readableAt !== undefined', { timeout: 120_000 });
    // The largest paint settles once the page stops drawing; a moment more for its last entry.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { readableAt, lcp } = await page.evaluate(() => {
      const found = window as unknown as { __readableAt: number; __lcp?: number };
      return { readableAt: found.__readableAt, lcp: found.__lcp ?? Number.NaN };
    });
    const htmlBytes = Number(
      response?.headers()['content-length'] ?? (await response?.buffer())?.length ?? 0,
    );
    return { readableMs: readableAt, lcpMs: lcp, htmlBytes } satisfies Run;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const app = await startAppServer();
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vc-2g-'));
const browser = await puppeteer.launch({
  executablePath: chromePath,
  userDataDir: profileDir,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
try {
  const vehicle = await seedVehicle(app, await signedInCookie(app));
  const url = `${app.origin}/vehicle/qr/${encodeURIComponent(vehicle.qrCode)}`;
  const pages = [
    { name: 'Drawn by the server (a finder)', cookies: [] },
    { name: "Drawn by the client's app", cookies: [{ name: SESSION_HINT_COOKIE, value: '1' }] },
  ];
  process.stdout.write(
    `\nA QR link on 2G (${RTT_MS} ms round trip, 250 kbit/s), ${runs} run(s) each, median; ${app.origin}\n\n`,
  );
  const rows = [];
  for (const { name, cookies } of pages) {
    const measured: Run[] = [];
    for (let run = 0; run < runs; run += 1) {
      process.stdout.write(`  ${name}: run ${run + 1}\n`);
      measured.push(await openOn2g(browser, url, 'LH 4021', cookies));
    }
    const htmlBytes = median(measured.map((run) => run.htmlBytes));
    const floorMs = RTT_MS + (htmlBytes / BYTES_PER_SECOND) * 1000;
    const readableMs = median(measured.map((run) => run.readableMs));
    rows.push({
      page: name,
      'card readable s': (readableMs / 1000).toFixed(2),
      'LCP s': (median(measured.map((run) => run.lcpMs)) / 1000).toFixed(2),
      'HTML bytes': htmlBytes,
      'floor s': (floorMs / 1000).toFixed(2),
      'x floor': (readableMs / floorMs).toFixed(2),
    });
  }
  console.table(rows);
} finally {
  await browser.close();
  await app.stop();
  fs.rmSync(profileDir, { recursive: true, force: true });
}
