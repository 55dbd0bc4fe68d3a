// A hundred thousand sockets (issue 35, point 4): BENCH_SOCKETS (default 100,000) authenticated idle
// WebSockets held by K instances of the built server on one PostgreSQL database and one Redis, opened by
// several client processes from many loopback source addresses. Prints:
// - the time to accept them all (from the first upgrade to the last socket's `authenticated` frame),
// - each instance's sockets, open files, RSS and V8 heap before and after (after a full GC), and the
//   memory per idle socket ((after - before) / its sockets, averaged over the instances),
// - the time from the POST of a message to its `new_message` frame on the owner's socket (p50, p99) for
//   BENCH_MESSAGES (default 300) messages to a random sample of the owners, at BENCH_RATE (default 10) a
//   second, posted to the instances in turn (most frames cross Redis to another instance),
// beside baselines measured in the same run: a bare `ws` server holding as many idle sockets as one
// instance (memory per socket, time to accept them), and a bare node:http POST's answer (latency).
//
// This machine allows each process 20,000 open files and no more: an instance holds at most ~18,000 sockets
// (K = ceil(sockets / 18,000), BENCH_INSTANCES to choose), a client process 15,000 (BENCH_CLIENTS). The
// server's cap of 256 sockets per address (decision 0128) stays as it is: every BENCH_PER_ADDRESS (default
// 100) sockets share one source address, 127.2.0.1 and on (127.0.0.0/8 is all loopback on Linux), as owners
// behind small NATs do; each address then needs only as many ephemeral ports as it has sockets
// (docs/decisions/0160). Redis is a private redis-server on a free port (the app's channel names would meet
// other runs' on a shared one), or BENCH_REDIS_URL.
//
// Every process the bench starts ends with it: on a normal end, on a failure, on SIGINT/SIGTERM, and, should
// the bench itself be killed, through a watchdog process that kills them (and drops the bench's database)
// once the bench is gone.

import { type ChildProcess, fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../src/server/test/databases.js';
import { freePort } from '../src/server/test/free-port.js';
import { hashToken } from '../src/server/tokens.js';
import {
  benchUserRow,
  benchVehicleRow,
  onServerCore,
  post,
  postgresAdminUrl,
  probeMemory,
  root,
  startAppServer,
} from './lib.js';
import type { ClientReport, OpenCommand } from './sockets-client.js';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 100_000);
/** Sockets one instance holds at most: its 20,000 open files, less its database, Redis and spare. */
const PER_INSTANCE = 18_000;
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? Math.max(2, Math.ceil(SOCKETS / PER_INSTANCE)));
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? Math.max(2, Math.ceil(SOCKETS / 15_000)));
const PER_ADDRESS = Number(process.env.BENCH_PER_ADDRESS ?? 100);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 300);
const RATE = Number(process.env.BENCH_RATE ?? 10);
/** Handshakes in flight at once, per client process. */
const WINDOW = Number(process.env.BENCH_WINDOW ?? 100);
/** Sockets opened and closed on each server before its "before" reading: code loaded on first use. */
const WARM_UP = 100;

const now = () => performance.timeOrigin + performance.now();

// --- Every process started here, and their end ---------------------------------------------------------

const started = new Set<number>();
const pidFile = path.join(os.tmpdir(), `vc-sockets-bench-${process.pid}.pids`);
function track(pid: number | undefined) {
  if (!pid) return;
  started.add(pid);
  fs.writeFileSync(pidFile, [...started].join('\n'));
}
function untrack(pid: number) {
  started.delete(pid);
  fs.writeFileSync(pidFile, [...started].join('\n'));
}
/** Kills whatever is left, at once (the exit path: nothing asynchronous runs there). */
function killAll() {
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
  started.clear();
  fs.rmSync(pidFile, { force: true });
  fs.rmSync(databaseFile, { force: true });
}
/** The database this run created (its name), for the watchdog to drop should the bench be killed. */
const databaseFile = `${pidFile}.database`;
// Should this process be killed outright (SIGKILL, OOM), the watchdog kills what it started and drops its
// database.
const watchdog = spawn(
  process.execPath,
  [
    '-e',
    `const fs = require('node:fs');
     let done = false;
     setInterval(async () => {
       try { process.kill(${process.pid}, 0); return; } catch {}
       if (done) return;
       done = true;
       let pids = [];
       try { pids = fs.readFileSync(${JSON.stringify(pidFile)}, 'utf8').split('\\n').filter(Boolean); } catch {}
       for (const pid of pids) { try { process.kill(Number(pid), 'SIGKILL'); } catch {} }
       try {
         const name = fs.readFileSync(${JSON.stringify(databaseFile)}, 'utf8');
         if (/^vc_test_\\w+$/.test(name)) {
           const client = new (require('pg').Client)({ connectionString: ${JSON.stringify(postgresAdminUrl ?? '')} });
           await client.connect();
           await client.query('DROP DATABASE IF EXISTS ' + name + ' WITH (FORCE)');
           await client.end();
         }
       } catch {}
       for (const file of [${JSON.stringify(pidFile)}, ${JSON.stringify(databaseFile)}]) fs.rmSync(file, { force: true });
       process.exit(0);
     }, 500);`,
  ],
  { cwd: root, detached: true, stdio: 'ignore' },
);
watchdog.unref();
process.on('exit', () => {
  killAll();
  watchdog.kill('SIGKILL');
});
/** What the run must undo (its servers stopped, its database dropped), once it has started them. */
let cleanUp: () => Promise<void> = async () => undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    setTimeout(() => process.exit(130), 15_000).unref();
    void cleanUp().finally(() => process.exit(130));
  });
}

// --- Redis ---------------------------------------------------------------------------------------------

async function redisAnswers(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(String(data).startsWith('+PONG'));
    });
  });
}

/** A private redis-server on a free port, kept in memory only. */
async function startRedis() {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  track(child.pid);
  const deadline = Date.now() + 10_000;
  while (!(await redisAnswers(port))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => {
      child.kill('SIGKILL');
      if (child.pid) untrack(child.pid);
    },
  };
}

// --- Seeding -------------------------------------------------------------------------------------------

interface Owner {
  token: string;
  /** The owner's vehicle, for the owners messages are sent to. */
  vehicleId?: string;
}

/**
 * `count` verified users with a session each, straight into the database; the `withVehicle` first of them
 * also own a vehicle (those messages are sent to).
 */
async function seedOwners(database: TestDatabase, count: number, withVehicle: number): Promise<Owner[]> {
  const created = Date.now();
  const owners: Owner[] = [];
  const batch = 1_000;
  for (let start = 0; start < count; start += batch) {
    const users = [];
    const sessions = [];
    const vehicles = [];
    for (let index = start; index < Math.min(count, start + batch); index += 1) {
      const userId = randomUUID();
      const token = randomBytes(32).toString('base64url');
      users.push(benchUserRow({ id: userId, email: `socket-${index}-${userId}@example.org`, now: created }));
      sessions.push({
        tokenHash: hashToken(token),
        userId,
        isPersistent: 1,
        createdAt: created,
        expiresAt: created + 30 * 24 * 3600_000,
        lastSeenAt: created,
      });
      const owner: Owner = { token };
      if (index < withVehicle) {
        owner.vehicleId = randomUUID();
        vehicles.push(
          benchVehicleRow({
            id: owner.vehicleId,
            ownerId: userId,
            licensePlate: `SKT-${String(index).padStart(6, '0')}`,
            qrCode: randomBytes(16).toString('base64url'),
            now: created,
          }),
        );
      }
      owners.push(owner);
    }
    await database.db.insertInto('users').values(users).execute();
    await database.db.insertInto('sessions').values(sessions).execute();
    if (vehicles.length > 0) await database.db.insertInto('vehicles').values(vehicles).execute();
  }
  return owners;
}

// --- Client processes ----------------------------------------------------------------------------------

/** Socket `n`'s source address: every PER_ADDRESS sockets share one, from 127.2.0.1 on. */
const sourceAddress = (n: number) => {
  const a = Math.floor(n / PER_ADDRESS) + 1;
  return `127.${2 + (a >> 16)}.${(a >> 8) & 0xff}.${a & 0xff}`;
};

interface Client {
  child: ChildProcess;
  open(sockets: OpenCommand['sockets']): Promise<Extract<ClientReport, { type: 'opened' }>>;
  close(): Promise<Extract<ClientReport, { type: 'closed' }>>;
}

/** Frame arrival times by message id, from every client process. */
const arrivals = new Map<string, number>();

function startClient(): Client {
  const child = fork(path.join(root, 'bench/sockets-client.ts'), [], {
    execArgv: ['--import', 'tsx'],
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  track(child.pid);
  child.once('exit', () => untrack(child.pid as number));
  const waiting = new Map<string, (report: ClientReport) => void>();
  child.on('message', (report: ClientReport) => {
    if (report.type === 'frames') {
      for (const [id, at] of report.frames) if (!arrivals.has(id)) arrivals.set(id, at);
      return;
    }
    waiting.get(report.type)?.(report);
  });
  const failed = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`a client process exited with ${code}`))),
  );
  failed.catch(() => undefined);
  const next = <T extends ClientReport['type']>(type: T) =>
    Promise.race([
      new Promise<Extract<ClientReport, { type: T }>>((resolve) =>
        waiting.set(type, (report) => resolve(report as Extract<ClientReport, { type: T }>)),
      ),
      failed,
    ]);
  return {
    child,
    async open(sockets) {
      const opened = next('opened');
      child.send({ type: 'open', sockets, window: WINDOW } satisfies OpenCommand);
      return opened;
    },
    async close() {
      const closed = next('closed');
      child.send({ type: 'close' });
      return closed;
    },
  };
}

/**
 * Opens `sockets` spread over the client processes (each its share, all at once); answers the time from the
 * start to the last socket's `authenticated` frame (ms), and the failures by reason.
 */
async function openAcross(clients: Client[], sockets: OpenCommand['sockets']) {
  const shares = clients.map((_, index) => sockets.filter((_, n) => n % clients.length === index));
  const startedAt = now();
  const reports = await Promise.all(clients.map((client, index) => client.open(shares[index] ?? [])));
  const failures: Record<string, number> = {};
  for (const report of reports) {
    for (const [reason, count] of Object.entries(report.failures))
      failures[reason] = (failures[reason] ?? 0) + count;
  }
  return {
    ms: Math.max(...reports.map((report) => report.lastAt)) - startedAt,
    authenticated: reports.reduce((sum, report) => sum + report.authenticated, 0),
    failures,
  };
}

// --- Servers -------------------------------------------------------------------------------------------

const openFiles = (pid: number) => {
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return Number.NaN;
  }
};

const probeArgs = ['--expose-gc', '--import', path.join(root, 'bench/memory-probe.mjs')];

/**
 * A bare `ws` server (no authentication, no bookkeeping) answering each socket's upgrade with the same
 * `authenticated` frame: what holding an idle WebSocket costs Node and ws alone.
 */
async function startBareWsServer(probeFile: string) {
  const port = await freePort();
  const code = `const { WebSocketServer } = require('ws');
    const wss = new WebSocketServer({ host: '127.0.0.1', port: ${port}, perMessageDeflate: false, maxPayload: 65536 });
    wss.on('connection', (socket) => { socket.on('error', () => {}); socket.send('{"type":"authenticated"}'); });
    wss.on('listening', () => process.stdout.write('up\\n'));`;
  const [command, args] = onServerCore([...probeArgs, '-e', code]);
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, MEMORY_PROBE_FILE: probeFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  track(child.pid);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the bare ws server exited with ${code}`)));
  });
  return {
    url: `ws://127.0.0.1:${port}/`,
    origin: `http://localhost:${port}`,
    pid: child.pid as number,
    stop: () => {
      child.kill('SIGKILL');
      if (child.pid) untrack(child.pid);
    },
  };
}

// --- Sending -------------------------------------------------------------------------------------------

/** `count` calls of `send`, `rate` a second whatever the answers (open loop: the latency is honest). */
async function openLoop(send: (index: number) => Promise<void>, count: number, rate: number) {
  const startedAt = performance.now();
  const inFlight: Array<Promise<void>> = [];
  for (let index = 0; index < count; index += 1) {
    const due = startedAt + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(index));
  }
  await Promise.all(inFlight);
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number);

// --- The run -------------------------------------------------------------------------------------------

if (!postgresAdminUrl) {
  process.stdout.write('\nSKIPPED: sockets bench (set BENCH_DATABASE_URL or TEST_DATABASE_URL)\n');
  process.exit(0);
}
const bareRedis = !process.env.BENCH_REDIS_URL && spawnSync('redis-server', ['--version']).error;
if (bareRedis) {
  process.stdout.write('\nSKIPPED: sockets bench (no redis-server to start, and no BENCH_REDIS_URL)\n');
  process.exit(0);
}

const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  process.stderr.write(`${line}\n`);
};
const kb = (bytes: number) => (bytes / 1024).toFixed(2);
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
const perInstance = Math.ceil(SOCKETS / INSTANCES);
const redis = process.env.BENCH_REDIS_URL
  ? { url: process.env.BENCH_REDIS_URL, stop: () => undefined }
  : await startRedis();
const database = await createTestDatabase('postgres', postgresAdminUrl);
fs.writeFileSync(databaseFile, new URL(database.serverEnv.DATABASE_URL ?? '').pathname.slice(1));
const clients = Array.from({ length: CLIENTS }, startClient);
const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vc-sockets-probe-'));
type App = Awaited<ReturnType<typeof startAppServer>>;
const apps: App[] = [];
let cleaning: Promise<void> | undefined;
cleanUp = () => {
  cleaning ??= (async () => {
    await Promise.all(apps.map((app) => app.stop()));
    for (const app of apps) untrack(app.pid);
    for (const client of clients) if (client.child.connected) client.child.disconnect();
    redis.stop();
    await database.drop();
    fs.rmSync(probeDir, { recursive: true, force: true });
  })();
  return cleaning;
};

try {
  say(
    `\nSockets: ${SOCKETS} authenticated idle sockets, ${INSTANCES} instances on PostgreSQL + Redis, ` +
      `${CLIENTS} client processes, ${PER_ADDRESS} sockets per source address (${os.cpus().length} cores; ` +
      `load ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')} at the start)`,
  );
  const seedStart = performance.now();
  const owners = await seedOwners(database, SOCKETS + WARM_UP * INSTANCES, MESSAGES);
  say(
    `  seeded ${owners.length} users with a session in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  // Baseline: a bare ws server with as many idle sockets as one instance holds, from the same clients.
  const bareProbe = path.join(probeDir, 'bare.json');
  const bare = await startBareWsServer(bareProbe);
  const bareSockets = (count: number, from: number) =>
    Array.from({ length: count }, (_, n) => ({
      url: bare.url,
      origin: bare.origin,
      cookie: 'session=none',
      localAddress: sourceAddress(from + n),
    }));
  await openAcross(clients, bareSockets(WARM_UP, 0));
  await Promise.all(clients.map((client) => client.close()));
  const bareBefore = await probeMemory(bare.pid, bareProbe);
  const bareOpen = await openAcross(clients, bareSockets(perInstance, 0));
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const bareAfter = await probeMemory(bare.pid, bareProbe);
  const bareFiles = openFiles(bare.pid);
  await Promise.all(clients.map((client) => client.close()));
  bare.stop();
  const bareRss = (bareAfter.rss - bareBefore.rss) / bareOpen.authenticated;
  const bareHeap = (bareAfter.heapUsed - bareBefore.heapUsed) / bareOpen.authenticated;

  // The instances, each with the memory probe, all on the server core.
  for (let index = 0; index < INSTANCES; index += 1) {
    const app = await startAppServer(
      {
        ...database.serverEnv,
        REDIS_URL: redis.url,
        MEMORY_PROBE_FILE: path.join(probeDir, `instance-${index}.json`),
      },
      probeArgs,
    );
    track(app.pid);
    apps.push(app);
  }
  const probeOf = (index: number) => path.join(probeDir, `instance-${index}.json`);
  const socketsOf = (list: Owner[], offset: number) =>
    list.map((owner, n) => {
      const app = apps[(offset + n) % INSTANCES] as App;
      return {
        url: `${app.url.replace('http', 'ws')}/ws`,
        origin: app.origin,
        cookie: `session=${owner.token}`,
        localAddress: sourceAddress(offset + n),
      };
    });
  // Warm-up owners are the last ones seeded: none of them is measured.
  const warm = await openAcross(clients, socketsOf(owners.slice(SOCKETS), SOCKETS));
  if (warm.authenticated !== WARM_UP * INSTANCES)
    throw new Error(`warm-up: ${JSON.stringify(warm.failures)}`);
  await Promise.all(clients.map((client) => client.close()));
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const before = await Promise.all(apps.map((app, index) => probeMemory(app.pid, probeOf(index))));

  const opened = await openAcross(clients, socketsOf(owners.slice(0, SOCKETS), 0));
  // Let the writes an accepted socket starts (its delivery stamps) finish before reading memory.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const after = await Promise.all(apps.map((app, index) => probeMemory(app.pid, probeOf(index))));
  const files = apps.map((app) => openFiles(app.pid));

  say(
    `  ${opened.authenticated} of ${SOCKETS} authenticated in ${(opened.ms / 1000).toFixed(1)} s ` +
      `(${((opened.authenticated / opened.ms) * 1000).toFixed(0)} sockets/s)` +
      (Object.keys(opened.failures).length > 0 ? `; failures ${JSON.stringify(opened.failures)}` : ''),
  );

  // Messages to a random sample of the owners, posted to the instances in turn.
  // Owner n's socket is on instance n % INSTANCES.
  const sample = Array.from({ length: MESSAGES }, (_, n) => n).sort(() => Math.random() - 0.5);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const sent: Array<{ id: string; at: number; instance: number }> = [];
  const refused = new Map<number, number>();
  await openLoop(
    async (index) => {
      const ownerIndex = sample[index] as number;
      const owner = owners[ownerIndex] as Owner;
      const app = apps[index % INSTANCES] as App;
      const at = now();
      const answer = await post(
        agent,
        new URL('/api/messages/anonymous', app.url),
        JSON.stringify({ vehicleId: owner.vehicleId, content: 'Your lights are on', messageType: 'custom' }),
        { origin: app.origin, cookie: `visitor=${randomBytes(32).toString('base64url')}` },
      ).catch(() => ({ status: 0, body: '' }));
      if (answer.status === 201)
        sent.push({
          id: (JSON.parse(answer.body) as { id: string }).id,
          at,
          instance: ownerIndex % INSTANCES,
        });
      else refused.set(answer.status, (refused.get(answer.status) ?? 0) + 1);
    },
    MESSAGES,
    RATE,
  );
  const deadline = performance.now() + 5_000;
  while (performance.now() < deadline && sent.some((message) => !arrivals.has(message.id)))
    await new Promise((resolve) => setTimeout(resolve, 20));
  const latencies = sent
    .flatMap((message) => {
      const arrivedAt = arrivals.get(message.id);
      return arrivedAt === undefined ? [] : [arrivedAt - message.at];
    })
    .sort((a, b) => a - b);
  agent.destroy();

  // The baseline of the latency: a bare node:http server answering the same POSTs, at the same rate.
  const bareHttpPort = await freePort();
  const bareHttp = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.end('{"hello":"world"}'));
  });
  await new Promise<void>((resolve) => bareHttp.listen(bareHttpPort, '127.0.0.1', resolve));
  const bareAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const bareTimes: number[] = [];
  await openLoop(
    async () => {
      const at = now();
      await post(
        bareAgent,
        new URL(`http://127.0.0.1:${bareHttpPort}/`),
        '{"content":"Your lights are on"}',
        {},
      );
      bareTimes.push(now() - at);
    },
    MESSAGES,
    RATE,
  );
  bareAgent.destroy();
  bareHttp.close();
  bareTimes.sort((a, b) => a - b);

  // The heartbeats (every instance pings each of its sockets every 25 s), as the clients saw them: bursts
  // of pings by instance, merged over the client processes.
  const closed = await Promise.all(clients.map((client) => client.close()));
  const dropped = closed.reduce((sum, report) => sum + report.dropped, 0);
  const urls = apps.map((app) => `${app.url.replace('http', 'ws')}/ws`);
  const heartbeats = urls.map((url) => {
    const bursts = closed
      .flatMap((report) => report.pings.filter(([of]) => of === url).map(([, first, last]) => [first, last]))
      .sort((a, b) => (a[0] as number) - (b[0] as number));
    const merged: number[][] = [];
    for (const [first, last] of bursts as Array<[number, number]>) {
      const previous = merged.at(-1);
      if (previous && first - (previous[1] as number) < 5_000)
        previous[1] = Math.max(previous[1] as number, last);
      else merged.push([first, last]);
    }
    return merged as Array<[number, number]>;
  });
  const sweeps = heartbeats.flat().map(([first, last]) => last - first);
  const slow = sent.filter((message) => {
    const arrivedAt = arrivals.get(message.id);
    return arrivedAt === undefined || arrivedAt - message.at > 100;
  });
  const duringHeartbeat = (message: (typeof sent)[number], of: Array<[number, number]>) => {
    const arrivedAt = arrivals.get(message.id) ?? message.at + 5_000;
    return of.some(([first, last]) => message.at <= last + 50 && arrivedAt >= first);
  };
  const slowInOwnHeartbeat = slow.filter((message) =>
    duringHeartbeat(message, heartbeats[message.instance] ?? []),
  ).length;
  const slowInAnyHeartbeat = slow.filter((message) => duringHeartbeat(message, heartbeats.flat())).length;

  // BENCH_TRACE=<file>: every message (sent at, latency, owner's instance) and heartbeat, for a closer look.
  if (process.env.BENCH_TRACE) {
    const origin = sent[0]?.at ?? 0;
    fs.writeFileSync(
      process.env.BENCH_TRACE,
      JSON.stringify({
        messages: sent.map((message) => ({
          at: message.at - origin,
          ms: (arrivals.get(message.id) ?? Number.NaN) - message.at,
          instance: message.instance,
        })),
        heartbeats: heartbeats.map((bursts) => bursts.map(([first, last]) => [first - origin, last - first])),
      }),
    );
  }

  // The table.
  const counts = apps.map(
    (_, index) => Array.from({ length: SOCKETS }, (_, n) => n).filter((n) => n % INSTANCES === index).length,
  );
  lines.push(
    `\n${'instance'.padEnd(22)} ${'sockets'.padStart(8)} ${'open files'.padStart(10)} ${'RSS MB before -> after'.padStart(24)} ${'RSS/socket KB'.padStart(14)} ${'heap/socket KB'.padStart(15)}`,
  );
  const rssPer: number[] = [];
  const heapPer: number[] = [];
  for (const [index, app] of apps.entries()) {
    const start = before[index] as (typeof before)[number];
    const end = after[index] as (typeof after)[number];
    const count = counts[index] as number;
    rssPer.push((end.rss - start.rss) / count);
    heapPer.push((end.heapUsed - start.heapUsed) / count);
    lines.push(
      `${`app ${index + 1} (pid ${app.pid})`.padEnd(22)} ${String(count).padStart(8)} ${String(files[index]).padStart(10)} ${`${mb(start.rss)} -> ${mb(end.rss)}`.padStart(24)} ${kb(rssPer[index] as number).padStart(14)} ${kb(heapPer[index] as number).padStart(15)}`,
    );
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  lines.push(
    `${'app, mean'.padEnd(22)} ${String(perInstance).padStart(8)} ${''.padStart(10)} ${''.padStart(24)} ${kb(mean(rssPer)).padStart(14)} ${kb(mean(heapPer)).padStart(15)}`,
    `${'bare ws (baseline)'.padEnd(22)} ${String(bareOpen.authenticated).padStart(8)} ${String(bareFiles).padStart(10)} ${`${mb(bareBefore.rss)} -> ${mb(bareAfter.rss)}`.padStart(24)} ${kb(bareRss).padStart(14)} ${kb(bareHeap).padStart(15)}`,
    `  memory per idle socket, app vs bare ws: RSS ${(mean(rssPer) / bareRss).toFixed(2)}x, heap ${(mean(heapPer) / bareHeap).toFixed(2)}x`,
    `\n${'accepting'.padEnd(46)} ${'sockets'.padStart(8)} ${'seconds'.padStart(8)} ${'sockets/s'.padStart(10)}`,
    `${`app: ${INSTANCES} instances on one core`.padEnd(46)} ${String(opened.authenticated).padStart(8)} ${(opened.ms / 1000).toFixed(1).padStart(8)} ${((opened.authenticated / opened.ms) * 1000).toFixed(0).padStart(10)}`,
    `${'bare ws, 1 process (baseline)'.padEnd(46)} ${String(bareOpen.authenticated).padStart(8)} ${(bareOpen.ms / 1000).toFixed(1).padStart(8)} ${((bareOpen.authenticated / bareOpen.ms) * 1000).toFixed(0).padStart(10)}`,
    `  accept rate, app vs bare ws: ${(opened.authenticated / opened.ms / (bareOpen.authenticated / bareOpen.ms)).toFixed(3)}` +
      (Object.keys(opened.failures).length > 0 ? `; failures ${JSON.stringify(opened.failures)}` : ''),
    `\n${'delivery'.padEnd(46)} ${'messages'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
    `${`POST -> new_message frame, ${RATE}/s`.padEnd(46)} ${String(latencies.length).padStart(8)} ${percentile(latencies, 0.5).toFixed(1).padStart(8)} ${percentile(latencies, 0.99).toFixed(1).padStart(8)}` +
      `${sent.length - latencies.length ? `  ${sent.length - latencies.length} frames missing` : ''}${refused.size ? `  refused ${JSON.stringify([...refused])}` : ''}`,
    `${'bare node:http POST answer (baseline)'.padEnd(46)} ${String(bareTimes.length).padStart(8)} ${percentile(bareTimes, 0.5).toFixed(1).padStart(8)} ${percentile(bareTimes, 0.99).toFixed(1).padStart(8)}`,
    `  over 100 ms: ${slow.length}, of which ${slowInOwnHeartbeat} overlapped a heartbeat of the owner's instance, ${slowInAnyHeartbeat} one of any instance`,
    `  heartbeats seen: ${sweeps.length}, each pinging its sockets over ${sweeps.length ? `${Math.min(...sweeps).toFixed(0)}-${Math.max(...sweeps).toFixed(0)}` : '-'} ms; sockets dropped meanwhile: ${dropped}`,
    `  p99 app vs bare: ${(percentile(latencies, 0.99) / Math.max(percentile(bareTimes, 0.99), 0.1)).toFixed(1)}x; load ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')} at the end`,
  );
} finally {
  await cleanUp();
}
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(0);
