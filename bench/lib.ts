import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Insertable } from 'kysely';
import type { DatabaseHandle, Engine } from '../src/server/db/index.js';
import type { SessionsTable } from '../src/server/db/schema.js';
import { freePort } from '../src/server/test/free-port.js';
import { signedInCookie } from '../src/server/test/signed-in.js';
import { generateShortCode, pickVerificationWord } from '../src/server/vehicles/sticker-codes.js';
import { plateKey } from '../src/shared/vehicles/plates.js';

export { signedInCookie };

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
  const [command, args] = onServerCore(['-e', code]);
  const child = spawn(command, args, { stdio: 'inherit' });
  await waitUntilUp(`http://127.0.0.1:${port}/`, child);
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** A PostgreSQL server to create fresh benchmark databases on, if one is named. */
export const postgresAdminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/**
 * SQLite and PostgreSQL, or the one BENCH_ONLY=sqlite|postgres names; PostgreSQL only when a server is
 * named (and says so when it is not).
 */
export function benchEngines(): Engine[] {
  const only = process.env.BENCH_ONLY;
  const engines: Engine[] = only === 'sqlite' || only === 'postgres' ? [only] : ['sqlite', 'postgres'];
  if (postgresAdminUrl || !engines.includes('postgres')) return engines;
  process.stdout.write('\nSKIPPED: PostgreSQL (set BENCH_DATABASE_URL or TEST_DATABASE_URL)\n');
  return engines.filter((engine) => engine !== 'postgres');
}

/**
 * taskset, where the machine has it and BENCH_PIN is not 0: servers run on core 0, the load generator
 * (scripts/bench.mjs) on core 1, so neither steals the other's time (a 2-core machine).
 */
const pinning =
  process.env.BENCH_PIN !== '0' && spawnSync('taskset', ['--version']).status === 0 && os.cpus().length > 1;

/** Clock ticks per second of /proc's CPU times. */
const clockTicks = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** The CPU time a process has used so far (user and system, ms), from /proc; undefined where there is none. */
export function cpuTimeMs(pid: number): { user: number; system: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      user: (Number(fields[11]) * 1000) / clockTicks,
      system: (Number(fields[12]) * 1000) / clockTicks,
    };
  } catch {
    return undefined;
  }
}

/** The command line that runs `args` with Node on the server's core. */
export function onServerCore(args: string[]): [string, string[]] {
  return pinning ? ['taskset', ['-c', '0', process.execPath, ...args]] : [process.execPath, args];
}

/**
 * The built server on a fresh data directory, with `env` (DATA_DIR or DATABASE_URL) on top; `nodeArgs`
 * go to Node before the script (a preloaded probe, say).
 */
export async function startAppServer(env: Record<string, string> = {}, nodeArgs: string[] = []) {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vc-bench-'));
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": where the servers' time goes.
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const [command, args] = onServerCore([
    ...extra,
    ...nodeArgs,
    path.join(root, process.env.BENCH_SERVER_DIST ?? 'dist', 'server/main.js'),
  ]);
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...withoutDatabaseUrl(process.env),
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '100000',
      SHUTDOWN_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilUp(`http://127.0.0.1:${port}/api/health`, child);
  return {
    url: `http://127.0.0.1:${port}`,
    origin: `http://localhost:${port}`,
    dataDir,
    /** taskset execs Node: this is the server's own process id. */
    pid: child.pid as number,
    /** Asks the server to stop; resolves once it has (its database connections closed). */
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface Figures {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

/**
 * The load generator: wrk where the machine has it (`apt-get install wrk`; C, so the baseline is not
 * capped by the generator's own speed), else autocannon. BENCH_LOADGEN=autocannon chooses autocannon.
 */
const useWrk =
  process.env.BENCH_LOADGEN !== 'autocannon' && spawnSync('wrk', ['--version']).error === undefined;

export async function measure(
  url: string,
  options: {
    headers?: Record<string, string>;
    seconds?: number;
    connections?: number;
    paths?: string[];
    /** A 2-second run first, not counted (true unless false). */
    warmUp?: boolean;
  } = {},
): Promise<Figures> {
  const seconds = options.seconds ?? Number(process.env.BENCH_SECONDS ?? 8);
  const connections = options.connections ?? 20;
  const run = useWrk ? runWrk : runAutocannon;
  if (options.warmUp !== false) await run(url, { ...options, connections, seconds: 2 });
  return run(url, { ...options, connections, seconds });
}

interface Load {
  headers?: Record<string, string>;
  seconds: number;
  connections: number;
  /** With several paths, each request takes a random one (spreads lookups over many rows). */
  paths?: string[];
}

async function runAutocannon(url: string, load: Load): Promise<Figures> {
  const paths = load.paths;
  const result = await autocannon({
    url,
    connections: load.connections,
    duration: load.seconds,
    headers: load.headers ?? {},
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
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** One wrk thread (the generator has one core) with its latency distribution; a Lua script picks the paths. */
async function runWrk(url: string, load: Load): Promise<Figures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vc-wrk-'));
  const script = path.join(dir, 'load.lua');
  const lua = load.paths
    ? [
        `local paths = {${load.paths.map((p) => JSON.stringify(p)).join(',')}}`,
        'request = function() return wrk.format(nil, paths[math.random(#paths)]) end',
      ].join('\n')
    : '';
  fs.writeFileSync(script, lua);
  const headerArgs = Object.entries(load.headers ?? {}).flatMap(([name, value]) => [
    '-H',
    `${name}: ${value}`,
  ]);
  const child = spawn(
    'wrk',
    ['-t1', `-c${load.connections}`, `-d${load.seconds}s`, '--latency', '-s', script, ...headerArgs, url],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise((resolve) => child.on('close', resolve));
  fs.rmSync(dir, { recursive: true, force: true });
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(output);
  if (!Number.isFinite(requestsPerSecond) || !p99) throw new Error(`wrk printed no figures:\n${output}`);
  const unit = { us: 0.001, ms: 1, s: 1000 }[p99[2] as 'us' | 'ms' | 's'];
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const failures =
    // wrk counts answers with a status of 400 or more as "Non-2xx or 3xx responses".
    Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0) +
    (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
  return { requestsPerSecond, p99Ms: Number(p99[1]) * unit, errors: failures };
}

/** A path measured against the bare server: its figures, and its median ratio to the bare server. */
export interface Compared extends Figures {
  /** req/s over the bare server's req/s of the same round, the median of the rounds. */
  ratio: number;
  /** p99 over the bare server's p99 of the same round, the median of the rounds. */
  p99Ratio: number;
}

export interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
  paths?: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * Each target measured right after the bare server, in BENCH_ROUNDS rounds (3 unless set): this machine's
 * speed drifts by 15 % and more within a minute, so a target is divided by the bare server's run next to
 * it, and each figure is the median of the rounds.
 */
export async function compareWithBare(bareUrl: string, targets: Target[]) {
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const bareRuns: Figures[] = [];
  const runs = new Map<string, Array<{ figures: Figures; bare: Figures }>>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const target of targets) {
      const bare = await measure(`${bareUrl}/`, { seconds, warmUp: round === 0 && target === targets[0] });
      bareRuns.push(bare);
      const figures = await measure(target.url, {
        seconds,
        warmUp: round === 0,
        ...(target.headers ? { headers: target.headers } : {}),
        ...(target.paths ? { paths: target.paths } : {}),
      });
      runs.get(target.name)?.push({ figures, bare });
    }
  }
  const baseline: Figures = {
    requestsPerSecond: median(bareRuns.map((run) => run.requestsPerSecond)),
    p99Ms: median(bareRuns.map((run) => run.p99Ms)),
    errors: bareRuns.reduce((sum, run) => sum + run.errors, 0),
  };
  const rows: Array<[string, Compared]> = targets.map((target) => {
    const measured = runs.get(target.name) ?? [];
    return [
      target.name,
      {
        requestsPerSecond: median(measured.map((run) => run.figures.requestsPerSecond)),
        p99Ms: median(measured.map((run) => run.figures.p99Ms)),
        errors: measured.reduce((sum, run) => sum + run.figures.errors, 0),
        ratio: median(measured.map((run) => run.figures.requestsPerSecond / run.bare.requestsPerSecond)),
        p99Ratio: median(measured.map((run) => run.figures.p99Ms / Math.max(run.bare.p99Ms, 1))),
      },
    ];
  });
  return { baseline, rows, rounds };
}

export function printTable(
  title: string,
  compared: { baseline: Figures; rows: Array<[string, Compared]>; rounds: number },
) {
  const { baseline, rows, rounds } = compared;
  const lines = [
    `\n${title} — medians of ${rounds} rounds, each target beside its own bare run`,
    `${'target'.padEnd(34)} ${'req/s'.padStart(10)} ${'p99 ms'.padStart(8)} ${'req/s vs bare'.padStart(14)} ${'p99 vs bare'.padStart(12)} ${'errors'.padStart(7)}`,
    `${'bare node:http (baseline)'.padEnd(34)} ${baseline.requestsPerSecond.toFixed(0).padStart(10)} ${baseline.p99Ms.toFixed(1).padStart(8)} ${'1.000'.padStart(14)} ${'1.00'.padStart(12)} ${String(baseline.errors).padStart(7)}`,
    ...rows.map(
      ([name, f]) =>
        `${name.padEnd(34)} ${f.requestsPerSecond.toFixed(0).padStart(10)} ${f.p99Ms.toFixed(1).padStart(8)} ${f.ratio.toFixed(3).padStart(14)} ${f.p99Ratio.toFixed(2).padStart(12)} ${String(f.errors).padStart(7)}`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** The benchmarks choose their database themselves: an inherited DATABASE_URL must not leak in. */
function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = env;
  return rest;
}

/** A vehicles row for seeding a benchmark's database directly (a Toyota Camry, active). */
export function benchVehicleRow(values: {
  id: string;
  ownerId: string;
  licensePlate: string;
  qrCode: string;
  now: number;
}) {
  return {
    id: values.id,
    ownerId: values.ownerId,
    make: 'Toyota',
    model: 'Camry',
    year: '2020',
    licensePlate: values.licensePlate,
    plateKey: plateKey(values.licensePlate),
    color: 'blue',
    displayName: null,
    vehicleType: 'sedan',
    isActive: 1,
    qrCode: values.qrCode,
    shortCode: generateShortCode(),
    verificationWord: pickVerificationWord(),
    themePreset: 'default',
    createdAt: values.now,
    updatedAt: values.now,
    removedAt: null,
  };
}

/** A verified users row for seeding a benchmark's database directly. */
export function benchUserRow(values: { id: string; email: string; now: number }) {
  return {
    id: values.id,
    email: values.email,
    passwordHash: null,
    firstName: null,
    lastName: null,
    authProvider: 'email' as const,
    oidcSubject: null,
    emailVerified: 1,
    createdAt: values.now,
    updatedAt: values.now,
  };
}

/**
 * The memory of process `pid`, started with `--expose-gc --import bench/memory-probe.mjs` and
 * MEMORY_PROBE_FILE=`file`, after a full garbage collection.
 */
export async function probeMemory(pid: number, file: string) {
  fs.rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 30_000;
  while (!fs.existsSync(file)) {
    if (Date.now() > deadline) throw new Error('the memory probe did not answer');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The probe writes the file in one call: wait for it to be whole.
  for (;;) {
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8')) as { rss: number; heapUsed: number; external: number };
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * One JSON POST over a keep-alive agent (the load generators' sends): answers the status and the body;
 * rejects when no answer comes (refused, reset, past `options.timeout` ms).
 */
export function post(
  agent: http.Agent,
  target: URL,
  body: string,
  headers: Record<string, string>,
  options: { localAddress?: string; timeout?: number } = {},
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      target,
      {
        method: 'POST',
        agent,
        ...options,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(body);
  });
}

/** Owners written straight to a benchmark's database: their users, sessions and vehicles, in that order. */
export async function insertBenchOwners(
  handle: DatabaseHandle,
  rows: ReadonlyArray<{
    user: ReturnType<typeof benchUserRow>;
    sessions: ReadonlyArray<Insertable<SessionsTable>>;
    vehicle: ReturnType<typeof benchVehicleRow>;
  }>,
) {
  await handle.db
    .insertInto('users')
    .values(rows.map((row) => row.user))
    .execute();
  await handle.db
    .insertInto('sessions')
    .values(rows.flatMap((row) => row.sessions))
    .execute();
  await handle.db
    .insertInto('vehicles')
    .values(rows.map((row) => row.vehicle))
    .execute();
}

/** A vehicle registered by the account `cookie` signs in: its id and QR code (the Lighthouse and 2G benches). */
export async function seedVehicle(app: { url: string; origin: string }, cookie: string) {
  const response = await fetch(new URL('/api/vehicles', app.url), {
    method: 'POST',
    headers: { origin: app.origin, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      make: 'Toyota',
      model: 'Corolla',
      year: '2020',
      licensePlate: 'LH 4021',
      color: 'blue',
      displayName: 'Bench car',
    }),
  });
  if (!response.ok) throw new Error(`POST /api/vehicles: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; qrCode: string };
}
