import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Engine } from '../src/server/db/index.js';
import { freePort } from '../src/server/test/free-port.js';

export const root = path.resolve(import.meta.dirname, '..');

async function waitUntilUp(url: string, child: ChildProcess) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** A bare node:http hello-world: the baseline every figure is divided by. */
export async function startBareServer() {
  const port = await freePort();
  const code = `require('node:http').createServer((q, r) => { r.setHeader('content-type', 'application/json'); r.end('{"hello":"world"}'); }).listen(${port}, '127.0.0.1')`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'inherit' });
  await waitUntilUp(`http://127.0.0.1:${port}/`, child);
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** A PostgreSQL server to create fresh benchmark databases on, if one is named. */
export const postgresAdminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** SQLite always; PostgreSQL when a server is named (and says so when it is not). */
export function benchEngines(): Engine[] {
  if (postgresAdminUrl) return ['sqlite', 'postgres'];
  process.stdout.write('\nSKIPPED: PostgreSQL (set BENCH_DATABASE_URL or TEST_DATABASE_URL)\n');
  return ['sqlite'];
}

/** The built server on a fresh data directory, with `env` (DATA_DIR or DATABASE_URL) on top. */
export async function startAppServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vc-bench-'));
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    env: {
      ...withoutDatabaseUrl(process.env),
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilUp(`http://127.0.0.1:${port}/api/health`, child);
  return {
    url: `http://127.0.0.1:${port}`,
    origin: `http://localhost:${port}`,
    dataDir,
    stop: () => child.kill('SIGTERM'),
  };
}

/** Signs up through the API and the outbox link, and answers the session cookie. */
export async function signedInCookie(app: { url: string; origin: string; dataDir: string }) {
  const email = `bench-${Date.now()}@example.org`;
  const response = await fetch(`${app.url}/api/auth/register`, {
    method: 'POST',
    // The server refuses a write that names no Origin, as a browser always does.
    headers: { 'content-type': 'application/json', origin: app.origin },
    body: JSON.stringify({ email, password: 'Bench-Password-1' }),
  });
  if (response.status !== 201) throw new Error(`register: ${response.status}`);
  // The link signs in only the browser that registered: it carries that browser's signup cookie.
  const signupCookie =
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith('signup='))
      ?.split(';')[0] ?? '';
  const outbox = path.join(app.dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  let link: string | undefined;
  while (!link && Date.now() < deadline) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    for (const file of files) {
      const text = fs
        .readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      link = /http:\/\/\S+verify-email\?token=[\w-]+/.exec(text)?.[0];
    }
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!link) throw new Error('no verification mail');
  const verify = await fetch(link.replace(/^http:\/\/localhost:\d+/, app.url), {
    redirect: 'manual',
    headers: { cookie: signupCookie },
  });
  const cookie = verify.headers
    .getSetCookie()
    .find((c) => c.startsWith('session='))
    ?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

export interface Figures {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

export async function measure(
  url: string,
  options: {
    headers?: Record<string, string>;
    seconds?: number;
    connections?: number;
    paths?: string[];
  } = {},
): Promise<Figures> {
  const paths = options.paths;
  const run = (duration: number) =>
    autocannon({
      url,
      connections: options.connections ?? 20,
      duration,
      headers: options.headers ?? {},
      // With several paths, each request takes a random one (spreads lookups over many rows).
      ...(paths
        ? {
            requests: [
              {
                setupRequest: (request) => ({
                  ...request,
                  path: paths[Math.floor(Math.random() * paths.length)],
                }),
              },
            ],
          }
        : {}),
    });
  await run(2); // warm-up
  const result = await run(options.seconds ?? Number(process.env.BENCH_SECONDS ?? 8));
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export function printTable(title: string, baseline: Figures, rows: Array<[string, Figures]>) {
  const lines = [
    `\n${title}`,
    `${'target'.padEnd(34)} ${'req/s'.padStart(10)} ${'p99 ms'.padStart(8)} ${'req/s vs bare'.padStart(14)} ${'p99 vs bare'.padStart(12)} ${'errors'.padStart(7)}`,
    `${'bare node:http (baseline)'.padEnd(34)} ${baseline.requestsPerSecond.toFixed(0).padStart(10)} ${baseline.p99Ms.toFixed(1).padStart(8)} ${'1.000'.padStart(14)} ${'1.00'.padStart(12)} ${String(baseline.errors).padStart(7)}`,
    ...rows.map(
      ([name, f]) =>
        `${name.padEnd(34)} ${f.requestsPerSecond.toFixed(0).padStart(10)} ${f.p99Ms.toFixed(1).padStart(8)} ${(f.requestsPerSecond / baseline.requestsPerSecond).toFixed(3).padStart(14)} ${(f.p99Ms / Math.max(baseline.p99Ms, 1)).toFixed(2).padStart(12)} ${String(f.errors).padStart(7)}`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** The benchmarks choose their database themselves: an inherited DATABASE_URL must not leak in. */
function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = env;
  return rest;
}
