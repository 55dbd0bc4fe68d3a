// Message delivery: 1,000 owners connected over WebSocket, visitors posting messages to their vehicles.
// Prints, beside a bare node:http server driven by the same load generator in the same run:
// - sustained durable sends/s (every one answered 201 is committed: synchronous=FULL / synchronous_commit),
//   with the posting servers' CPU per send (user + system, from /proc: what a send costs, whatever the
//   machine's other processes take),
// - the time from the POST to the owner's new_message frame (p50, p99) at a steady 1,000 sends/s, and to
//   the sender's "delivered" frame (the visitor's own socket hears that the owner's socket took it; issue 32),
// - the same for one instance on PostgreSQL and Redis, and for two sharing them (both on the server core),
//   with the owner on the same instance vs the other; each throughput round there also runs the send's
//   statements through pgbench (bench/send-floor.ts: what PostgreSQL alone does of them) and prints the full
//   stack's sends/s over that floor, >= 0.5 aimed for (decision 0161),
// - the server's memory per idle authenticated socket with 10,000 sockets.
// BENCH_OWNERS, BENCH_IDLE_SOCKETS, BENCH_SECONDS and BENCH_RATE change the sizes. BENCH_PUSH=1 gives every
// owner a push subscription on an https push service on loopback (in this process, which decrypts every
// push): each message is then also pushed, as to an owner with the app closed.

import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import WebSocket from 'ws';
import type { DatabaseHandle } from '../src/server/db/index.js';
import { createTestDatabase } from '../src/server/test/databases.js';
import { testPushCertificate } from '../src/server/test/push-certificate.js';
import { startTestPushService } from '../src/server/test/push-service.js';
import { hashToken } from '../src/server/tokens.js';
import {
  benchUserRow,
  benchVehicleRow,
  cpuTimeMs,
  insertBenchOwners,
  post,
  postgresAdminUrl,
  probeMemory,
  root,
  startAppServer,
  startBareServer,
} from './lib.js';
import { createSendFloor, floorScripts, hasPgbench } from './send-floor.js';

const OWNERS = Number(process.env.BENCH_OWNERS ?? 1_000);
const IDLE_SOCKETS = Number(process.env.BENCH_IDLE_SOCKETS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RATE = Number(process.env.BENCH_RATE ?? 1_000);
/** Throughput rounds, each beside its own run of the bare server (BENCH_ROUNDS). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** Requests in flight in the closed-loop throughput runs. */
const CONCURRENCY = 64;
const VISITORS = 500;
/** BENCH_ONLY=sqlite|postgres|memory runs one part. */
const only = process.env.BENCH_ONLY;
const runs = (part: string) => !only || only === part;

/** With BENCH_PUSH=1: the push service every owner is subscribed on, and what the servers need to reach it. */
const pushService = process.env.BENCH_PUSH === '1' ? await startTestPushService() : undefined;
const vapidKeys = webpush.generateVAPIDKeys();
const pushEnv: Record<string, string> = pushService
  ? {
      VAPID_PUBLIC_KEY: vapidKeys.publicKey,
      VAPID_PRIVATE_KEY: vapidKeys.privateKey,
      VAPID_SUBJECT: 'mailto:bench@example.org',
      PUSH_SERVICE_HOSTS: pushService.host,
      NODE_EXTRA_CA_CERTS: testPushCertificate().certFile,
    }
  : {};

interface Owner {
  vehicleId: string;
  token: string;
}

type App = Awaited<ReturnType<typeof startAppServer>>;
type SendFloor = Awaited<ReturnType<typeof createSendFloor>>;

/** `count` verified owners, each with a session and one active vehicle, written straight to the database. */
async function seedOwners(handle: DatabaseHandle, count: number): Promise<Owner[]> {
  const now = Date.now();
  const owners: Owner[] = [];
  for (let start = 0; start < count; start += 500) {
    const size = Math.min(500, count - start);
    const rows = Array.from({ length: size }, (_, offset) => {
      const index = start + offset;
      const userId = randomUUID();
      const token = randomBytes(32).toString('base64url');
      const vehicleId = randomUUID();
      const licensePlate = `DLV-${String(index).padStart(6, '0')}`;
      owners.push({ vehicleId, token });
      return {
        user: benchUserRow({ id: userId, email: `owner-${index}-${userId}@example.org`, now }),
        sessions: [
          {
            tokenHash: hashToken(token),
            userId,
            isPersistent: 1,
            createdAt: now,
            expiresAt: now + 30 * 24 * 3600_000,
            lastSeenAt: now,
          },
        ],
        vehicle: benchVehicleRow({
          id: vehicleId,
          ownerId: userId,
          licensePlate,
          qrCode: randomBytes(16).toString('base64url'),
          now,
        }),
      };
    });
    await insertBenchOwners(handle, rows);
    if (pushService) {
      await handle.db
        .insertInto('pushSubscriptions')
        .values(
          rows.map(({ user }) => {
            const browser = pushService.subscribe();
            return {
              id: randomUUID(),
              userId: user.id,
              endpoint: browser.endpoint,
              p256dh: browser.p256dh,
              auth: browser.auth,
              vapidPublicKey: vapidKeys.publicKey,
              createdAt: now,
              updatedAt: now,
            };
          }),
        )
        .execute();
    }
  }
  return owners;
}

/** Frame arrival times by message id, over every owner socket of the run. */
const arrivals = new Map<string, number>();
/** "Delivered" frame arrival times by message id, over every visitor socket of the run (issue 32). */
const deliveredArrivals = new Map<string, number>();
/** The visitors' cookies: each writes and keeps a socket open, as on its message's status page. */
const visitorTokens = Array.from({ length: VISITORS }, () => randomBytes(32).toString('base64url'));

/**
 * Owner `n`'s address on the loopback network (127.0.0.0/8 is all loopback on Linux): each owner connects
 * from an address of their own, as owners do, so the server's cap of sockets per address (decision 0128)
 * counts them apart.
 */
const ownerAddress = (n: number) => `127.${2 + ((n + 1) >> 16)}.${((n + 1) >> 8) & 0xff}.${(n + 1) & 0xff}`;

/** Opens `owners`' sockets on `app`, in batches, and resolves once every one is authenticated. */
async function connectOwners(app: App, owners: Owner[], onFrame = true): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  const url = `${app.url.replace('http', 'ws')}/ws`;
  for (let start = 0; start < owners.length; start += 250) {
    const batch = owners.slice(start, start + 250).map(
      (owner, index) =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(url, {
            headers: { cookie: `session=${owner.token}`, origin: app.origin },
            perMessageDeflate: false,
            localAddress: ownerAddress(start + index),
          });
          socket.once('error', reject);
          socket.once('close', (code) =>
            reject(new Error(`socket closed with ${code} before authenticating`)),
          );
          socket.on('message', (data) => {
            const event = JSON.parse(String(data)) as { type: string; message?: { id: string } };
            if (event.type === 'authenticated') {
              socket.removeAllListeners('close');
              resolve(socket);
            } else if (onFrame && event.type === 'new_message' && event.message) {
              arrivals.set(event.message.id, performance.now());
            }
          });
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/**
 * Opens a socket for every visitor on `app` (a status page open on each phone), from addresses of their own,
 * and resolves once every one is authenticated by its visitor cookie.
 */
async function connectVisitors(app: App): Promise<WebSocket[]> {
  const url = `${app.url.replace('http', 'ws')}/ws`;
  return Promise.all(
    visitorTokens.map(
      (token, index) =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(url, {
            headers: { cookie: `visitor=${token}`, origin: app.origin },
            perMessageDeflate: false,
            localAddress: `127.250.${(index + 1) >> 8}.${(index + 1) & 0xff}`,
          });
          socket.once('error', reject);
          socket.once('close', (code) => reject(new Error(`visitor socket closed with ${code}`)));
          socket.on('message', (data) => {
            const event = JSON.parse(String(data)) as { type: string; messageId?: string | null };
            if (event.type === 'authenticated') {
              socket.removeAllListeners('close');
              resolve(socket);
            } else if (event.type === 'message_status' && event.messageId) {
              if (!deliveredArrivals.has(event.messageId))
                deliveredArrivals.set(event.messageId, performance.now());
            }
          });
        }),
    ),
  );
}

async function closeAll(sockets: WebSocket[]) {
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.close();
        }),
    ),
  );
}

interface Sent {
  id: string;
  startedAt: number;
}

/** One POST over a keep-alive agent: answers the status and the parsed body. */
/** Visitors (a cookie each) writing to random owners' vehicles through `apps` in turn. */
function createSenders(apps: Array<{ url: string; origin: string }>, owners: Owner[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });
  const visitors = visitorTokens;
  let turn = 0;
  const sent: Sent[] = [];
  let failures = 0;
  const statuses = new Map<number, number>();
  async function sendOne() {
    turn += 1;
    const app = apps[turn % apps.length] as { url: string; origin: string };
    const owner = owners[Math.floor(Math.random() * owners.length)] as Owner;
    const visitor = visitors[turn % visitors.length] as string;
    const startedAt = performance.now();
    const answer = await post(
      agent,
      new URL('/api/messages/anonymous', app.url),
      JSON.stringify({ vehicleId: owner.vehicleId, content: 'Your lights are on', messageType: 'custom' }),
      { origin: app.origin, cookie: `visitor=${visitor}` },
    ).catch(() => ({ status: 0, body: '' }));
    if (answer.status === 201) {
      sent.push({ id: (JSON.parse(answer.body) as { id: string }).id, startedAt });
    } else {
      failures += 1;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
  }
  return {
    sent,
    failures: () => failures,
    statuses,
    sendOne,
    destroy: () => agent.destroy(),
  };
}

/** As many sends as CONCURRENCY requests in flight allow, for `seconds`: answers sends/s. */
async function closedLoop(send: () => Promise<void>, seconds: number) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const worker = async () => {
    while (performance.now() < until) {
      await send();
      done += 1;
    }
  };
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return done / ((performance.now() - startedAt) / 1000);
}

/** `rate` sends per second, whatever the answers, for `seconds` (open loop: the latency is honest). */
async function openLoop(send: () => Promise<void>, rate: number, seconds: number) {
  const startedAt = performance.now();
  const total = rate * seconds;
  let issued = 0;
  const inFlight = new Set<Promise<void>>();
  while (issued < total) {
    const due = Math.min(total, Math.floor(((performance.now() - startedAt) / 1000) * rate));
    while (issued < due) {
      const promise = send().finally(() => inFlight.delete(promise));
      inFlight.add(promise);
      issued += 1;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(inFlight);
  return issued / ((performance.now() - startedAt) / 1000);
}

/**
 * Waits for the frames of `sent` (up to 5 s), and answers the POST-to-frame latencies in ms: of the owner's
 * new_message frames, or (`of` deliveredArrivals) of the senders' "delivered" frames.
 */
async function frameLatencies(sent: Sent[], of = arrivals) {
  const arrivals = of;
  const deadline = performance.now() + 5_000;
  while (performance.now() < deadline && sent.some((message) => !arrivals.has(message.id))) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const latencies = sent.flatMap((message) => {
    const arrivedAt = arrivals.get(message.id);
    return arrivedAt === undefined ? [] : [arrivedAt - message.startedAt];
  });
  return { latencies: latencies.sort((a, b) => a - b), missing: sent.length - latencies.length };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number);

const lines: string[] = [];
/** A row of the table; `ratio` when measured against its own bare run, else against the baseline. */
function row(
  name: string,
  sendsPerSecond: number,
  latencies: number[] | null,
  baseline: number,
  note = '',
  ratio = sendsPerSecond / baseline,
) {
  const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));
  lines.push(
    `${name.padEnd(46)} ${sendsPerSecond.toFixed(0).padStart(8)} ${ratio.toFixed(3).padStart(9)} ${(latencies ? ms(percentile(latencies, 0.5)) : '-').padStart(8)} ${(latencies ? ms(percentile(latencies, 0.99)) : '-').padStart(8)}  ${note}`,
  );
}

/**
 * Throughput (closed loop), then latency (open loop) at half of it, `sustained` (more runs at a rate the
 * server keeps up with), and last at RATE: past the server's capacity, its backlog would spoil what follows.
 * With `floor` (PostgreSQL), each throughput round is followed by pgbench running the send's statements.
 */
async function deliveryRun(
  posting: App[],
  owners: Owner[],
  baseline: number,
  label: string,
  {
    sustained = async () => undefined,
    floor,
  }: { sustained?: (max: number) => Promise<void>; floor?: SendFloor | undefined } = {},
) {
  const warm = createSenders(posting, owners);
  await closedLoop(warm.sendOne, 2);
  warm.destroy();

  // Throughput in rounds, each right after a run of the bare server: the machine's speed drifts within
  // a minute. The round with the median ratio is reported; every round's sends/s in the note.
  const rounds: Array<{
    sendsPerSecond: number;
    ratio: number;
    latencies: number[];
    failures: string;
    cpu: string;
    /** PostgreSQL alone (pgbench) right after the round: its tx/s, its and the round's PostgreSQL CPU. */
    floor?: { tps: number; postgresPerTx: number; postgresPerSend: number };
  }> = [];
  const floorFailures: string[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const bareNow = await bareSendsPerSecond();
    const throughput = createSenders(posting, owners);
    const cpuBefore = posting.map((app) => cpuTimeMs(app.pid));
    const postgresBefore = floor?.postgresCpu() ?? 0;
    const sends = await closedLoop(throughput.sendOne, SECONDS);
    const postgresAfter = floor?.postgresCpu() ?? 0;
    const cpuAfter = posting.map((app) => cpuTimeMs(app.pid));
    const { latencies } = await frameLatencies(throughput.sent);
    throughput.destroy();
    // A floor that cannot run (PostgreSQL out of connections, say) is said, and the round kept without it.
    const alone = floor
      ? await floor.run(floorScripts.send, SECONDS).catch((error: unknown) => {
          floorFailures.push(
            String(error instanceof Error ? error.message : error)
              .split('\n')
              .filter(Boolean)
              .slice(-2)
              .join(' '),
          );
          return undefined;
        })
      : undefined;
    rounds.push({
      sendsPerSecond: sends,
      ratio: sends / bareNow,
      latencies,
      failures: failuresNote(throughput),
      cpu: cpuPerSendNote(cpuBefore, cpuAfter, throughput.sent.length),
      ...(alone
        ? {
            floor: {
              tps: alone.tps,
              postgresPerTx: alone.postgres,
              postgresPerSend: (postgresAfter - postgresBefore) / Math.max(throughput.sent.length, 1),
            },
          }
        : {}),
    });
  }
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)] ?? rounds[0];
  if (!median) throw new Error('no throughput round');
  const sendsPerSecond = median.sendsPerSecond;
  row(
    `${label}: max sends/s (${CONCURRENCY} in flight)`,
    sendsPerSecond,
    median.latencies,
    baseline,
    `rounds ${rounds.map((run) => run.sendsPerSecond.toFixed(0)).join(' / ')}; ${median.cpu}${median.failures ? ` ${median.failures}` : ''}`,
    median.ratio,
  );
  const floors = rounds.flatMap((run) => (run.floor ? [{ ...run.floor, sends: run.sendsPerSecond }] : []));
  if (floors.length > 0) {
    const middle = <T>(values: T[], by: (value: T) => number) =>
      [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)] as T;
    const ratio = middle(floors, (run) => run.sends / run.tps);
    lines.push(
      `  PostgreSQL alone, the send's statements (pgbench, 10 connections): ${middle(floors, (run) => run.tps).tps.toFixed(0)} tx/s` +
        `  rounds ${floors.map((run) => run.tps.toFixed(0)).join(' / ')}`,
      `  full stack / PostgreSQL alone: ${(ratio.sends / ratio.tps).toFixed(3)} (>= 0.5 aimed for)` +
        `  rounds ${floors.map((run) => (run.sends / run.tps).toFixed(3)).join(' / ')};` +
        ` PostgreSQL CPU ${ratio.postgresPerSend.toFixed(3)} ms/send under the full stack, ${ratio.postgresPerTx.toFixed(3)} ms/tx alone`,
    );
  }
  for (const failure of floorFailures) lines.push(`  PostgreSQL alone FAILED in a round: ${failure}`);

  const half = Math.max(1, Math.floor(sendsPerSecond / 2));
  for (const rate of [half, RATE]) {
    if (rate === RATE) await sustained(sendsPerSecond);
    const steady = createSenders(posting, owners);
    const achieved = await openLoop(steady.sendOne, rate, SECONDS);
    const { latencies, missing } = await frameLatencies(steady.sent);
    const delivered = await frameLatencies(steady.sent, deliveredArrivals);
    steady.destroy();
    row(
      `${label}: ${rate} sends/s steady`,
      achieved,
      latencies,
      baseline,
      `${failuresNote(steady)}${missing ? ` ${missing} frames missing` : ''}`,
    );
    row(
      `  the sender's "delivered" frame`,
      achieved,
      delivered.latencies,
      baseline,
      delivered.missing ? `${delivered.missing} frames missing` : '',
    );
  }
  return sendsPerSecond;
}

/** The posting servers' CPU (all of them together) per acknowledged send over a round. */
function cpuPerSendNote(
  before: ReturnType<typeof cpuTimeMs>[],
  after: ReturnType<typeof cpuTimeMs>[],
  sends: number,
) {
  let user = 0;
  let system = 0;
  for (const [index, start] of before.entries()) {
    const end = after[index];
    if (!start || !end) return 'server CPU per send unknown (no /proc)';
    user += end.user - start.user;
    system += end.system - start.system;
  }
  const perSend = (ms: number) => (ms / Math.max(sends, 1)).toFixed(3);
  return `server CPU ${perSend(user + system)} ms/send (user ${perSend(user)})`;
}

const failuresNote = (senders: ReturnType<typeof createSenders>) =>
  senders.failures() === 0 ? '' : `${senders.failures()} failed ${JSON.stringify([...senders.statuses])}`;

const bare = await startBareServer();
// The same load generator against a server that does nothing: what the machine allows. Kept up to the
// end: every throughput round measures it again right before the app.
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });
const timed: number[] = [];
const sendBare = async () => {
  const startedAt = performance.now();
  await post(agent, new URL('/', bare.url), '{"content":"Your lights are on"}', {});
  timed.push(performance.now() - startedAt);
};
const bareSendsPerSecond = async () => {
  const sendsPerSecond = await closedLoop(sendBare, SECONDS);
  timed.length = 0;
  return sendsPerSecond;
};
process.on('exit', () => bare.stop());
await closedLoop(sendBare, 2);
const baseline = await bareSendsPerSecond();
timed.length = 0;
await openLoop(sendBare, RATE, SECONDS);
const bareLatencies = [...timed].sort((a, b) => a - b);
lines.push(
  `\nMessage delivery: ${OWNERS} owners on WebSocket${pushService ? ', each with a push subscription' : ''}, ${VISITORS} visitors writing (${os.cpus().length} cores)`,
  `${'target'.padEnd(46)} ${'sends/s'.padStart(8)} ${'vs bare'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
);
row('bare node:http POST (baseline; latency = answer)', baseline, bareLatencies, baseline);

// One instance on SQLite.
if (runs('sqlite')) {
  const database = await createTestDatabase('sqlite');
  const owners = await seedOwners(database, OWNERS);
  await database.close();
  const app = await startAppServer({ ...database.serverEnv, ...pushEnv });
  const sockets = [...(await connectOwners(app, owners)), ...(await connectVisitors(app))];
  try {
    await deliveryRun([app], owners, baseline, 'SQLite, 1 instance');
  } finally {
    await closeAll(sockets);
    app.stop();
    fs.rmSync(database.serverEnv.DATA_DIR as string, { recursive: true, force: true });
  }
}

const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * PostgreSQL alone doing the send's statements (pgbench), on its own database, for the PostgreSQL parts:
 * the floor their sends/s are judged against (decision 0161).
 */
const floor =
  postgresAdminUrl && runs('postgres') && hasPgbench ? await createSendFloor(postgresAdminUrl) : undefined;
if (postgresAdminUrl && runs('postgres') && !hasPgbench) {
  lines.push('SKIPPED: PostgreSQL alone, the floor of the PostgreSQL sends (no pgbench on this machine)');
}

// One instance on PostgreSQL and Redis, measured as the SQLite instance is: what one server on its core
// sends, the way an operator runs each instance of several.
if (postgresAdminUrl && runs('postgres')) {
  const database = await createTestDatabase('postgres', postgresAdminUrl);
  const owners = await seedOwners(database, OWNERS);
  const app = await startAppServer({ ...database.serverEnv, REDIS_URL: redisUrl, ...pushEnv });
  const sockets = [...(await connectOwners(app, owners)), ...(await connectVisitors(app))];
  try {
    await deliveryRun([app], owners, baseline, 'PostgreSQL+Redis, 1 instance', { floor });
  } finally {
    await closeAll(sockets);
    await app.stop();
    await database.drop();
  }
}

// Two instances sharing PostgreSQL and Redis, both on the server core: posts go to both in turn (to the
// first in the same-versus-other rows), owners half on each; every message is announced to both.
if (postgresAdminUrl && runs('postgres')) {
  const database = await createTestDatabase('postgres', postgresAdminUrl);
  const owners = await seedOwners(database, OWNERS);
  const env = { ...database.serverEnv, REDIS_URL: redisUrl, ...pushEnv };
  const first = await startAppServer(env);
  const second = await startAppServer(env);
  const onFirst = owners.filter((_, index) => index % 2 === 0);
  const onSecond = owners.filter((_, index) => index % 2 === 1);
  const sockets = [
    ...(await connectOwners(first, onFirst)),
    ...(await connectOwners(second, onSecond)),
    ...(await connectVisitors(second)),
  ];
  try {
    // The cost of the second instance: posts to the first, owners on the first vs on the second, at a
    // rate the first keeps up with alone.
    const sameVersusCross = async (max: number) => {
      const rate = Math.max(1, Math.min(RATE / 2, Math.floor(max / 4)));
      const same = createSenders([first], onFirst);
      await openLoop(same.sendOne, rate, SECONDS);
      const sameLatencies = (await frameLatencies(same.sent)).latencies;
      same.destroy();
      row('  post and owner on one instance', rate, sameLatencies, baseline);
      const cross = createSenders([first], onSecond);
      await openLoop(cross.sendOne, rate, SECONDS);
      const crossLatencies = (await frameLatencies(cross.sent)).latencies;
      cross.destroy();
      row('  post on one, owner on the other', rate, crossLatencies, baseline);
      lines.push(
        `  added by the second instance: p50 ${(percentile(crossLatencies, 0.5) - percentile(sameLatencies, 0.5)).toFixed(1)} ms, p99 ${(percentile(crossLatencies, 0.99) - percentile(sameLatencies, 0.99)).toFixed(1)} ms`,
      );
    };
    await deliveryRun([first, second], owners, baseline, 'PostgreSQL+Redis, 2 instances', {
      sustained: sameVersusCross,
      floor,
    });
  } finally {
    await closeAll(sockets);
    await Promise.all([first.stop(), second.stop()]);
    await database.drop();
    await floor?.drop();
  }
} else if (!postgresAdminUrl) {
  lines.push('SKIPPED: two instances on PostgreSQL + Redis (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}

// Memory per idle authenticated socket: the server's own heap and RSS, after a full collection.
if (runs('memory')) {
  const database = await createTestDatabase('sqlite');
  const owners = await seedOwners(database, IDLE_SOCKETS);
  await database.close();
  const probe = path.join(os.tmpdir(), `vc-memory-${process.pid}.json`);
  const app = await startAppServer({ ...database.serverEnv, MEMORY_PROBE_FILE: probe }, [
    '--expose-gc',
    '--import',
    path.join(root, 'bench/memory-probe.mjs'),
  ]);
  try {
    // A few sockets first, so code loaded on first use is not counted per socket.
    await closeAll(await connectOwners(app, owners.slice(0, 50), false));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = await probeMemory(app.pid, probe);
    const sockets = await connectOwners(app, owners, false);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = await probeMemory(app.pid, probe);
    const per = (field: 'rss' | 'heapUsed' | 'external') =>
      ((after[field] - before[field]) / sockets.length / 1024).toFixed(2);
    lines.push(
      `\nMemory per idle authenticated socket (${sockets.length} sockets, SQLite, after a full GC)`,
      `  RSS ${per('rss')} KB, V8 heap ${per('heapUsed')} KB, external ${per('external')} KB per socket` +
        ` (server RSS ${(before.rss / 2 ** 20).toFixed(0)} MB -> ${(after.rss / 2 ** 20).toFixed(0)} MB)`,
    );
    await closeAll(sockets);
  } finally {
    app.stop();
    fs.rmSync(probe, { force: true });
    fs.rmSync(database.serverEnv.DATA_DIR as string, { recursive: true, force: true });
  }
}

if (pushService) {
  lines.push(
    `Pushes received by the push service: ${pushService.received.length}, undecryptable: ${pushService.failures.length}`,
  );
  await pushService.close();
}
agent.destroy();
bare.stop();
process.stdout.write(`${lines.join('\n')}\n`);
