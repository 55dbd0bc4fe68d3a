// Failures in the middle of the load (issue 35, docs/decisions/0159): two instances on PostgreSQL and Redis
// behind HAProxy (ops/haproxy.cfg), visitors sending at a steady rate through it, owners' sockets open on it;
// then one thing dies (an instance by kill -9 or SIGTERM, Redis, PostgreSQL) and the run counts what became
// of every send and every socket. `npm run chaos` runs every case at full size (chaos/run.ts); CI runs the
// instance cases small (chaos/chaos.test.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { benchUserRow, benchVehicleRow, insertBenchOwners, post } from '../bench/lib.js';
import { reconnectDelayAfter } from '../src/client/lib/realtime.js';
import type { DatabaseHandle } from '../src/server/db/index.js';
import { createTestDatabase } from '../src/server/test/databases.js';
import { freePort } from '../src/server/test/free-port.js';
import { hashToken } from '../src/server/tokens.js';
import { type Instance, startHaproxy, startInstance, startPostgres, startRedis, until } from './services.js';

export type Fault = 'kill -9' | 'SIGTERM' | 'restart Redis' | 'restart PostgreSQL';

export interface Size {
  /** Owners' sockets held open through the balancer (each owner has SOCKETS_PER_OWNER). */
  sockets: number;
  /** Sends started per second, steadily, before and after the fault. */
  sendsPerSecond: number;
  /** Seconds of load before the fault, and after it (or after the service is back). */
  secondsBefore: number;
  secondsAfter: number;
  /** How long Redis or PostgreSQL stays down. */
  outageSeconds: number;
}

/** What one case showed: the closing note's table row, and the facts its checks read. */
export interface Outcome {
  fault: Fault;
  /** Sends answered 201 (after retries with the same Idempotency-Key where an attempt failed). */
  acknowledged: number;
  /** Acknowledged sends found in the database, once each at least. */
  stored: number;
  /** Acknowledged sends not in the database. */
  lost: number;
  /** Messages stored more than once for one send (its text is unique to it). */
  duplicated: number;
  /** Sends never acknowledged though retried for SEND_GIVE_UP_MS (none expected). */
  unacknowledged: number;
  /** Attempts answered other than 201, by status (0: no answer), each retried. */
  failedAttempts: Record<string, number>;
  /** The first answer of each failed status: who answered it (HAProxy's page, or the app's JSON). */
  failureSamples: Record<string, string>;
  /** Attempts refused with a 4xx (a 429 too: the load stays inside the limits) or 500, not retried. */
  wrongAnswers: number;
  sockets: number;
  /** Sockets that closed, by close code. */
  socketsDropped: Record<string, number>;
  /** Sockets open and authenticated when the load ended. */
  socketsOpenAtEnd: number;
  /** Frames a socket received twice for one message (the client shows each message once). */
  duplicateFrames: number;
  /** Acknowledged sends whose frame reached at least one socket of their owner. */
  deliveredLive: number;
  /** The fault to every dropped socket receiving again (its first frame after it came back), seconds. */
  socketsBackSeconds: number | null;
  /** The fault's end (the instance gone, the service back) to every socket receiving a frame again. */
  deliveryResumedSeconds: number | null;
  /** The fault's end to the last attempt that failed (0: none failed after it). */
  sendsBackSeconds: number;
  /**
   * After the load: one visitor's two urgent messages to one vehicle (a limit of one an hour shared through
   * Redis), answered by whichever instances the balancer chose; "201, 429" when the limits work.
   */
  limitAfter: string;
  /** The X-Request-Id the app answered the first of them with: HAProxy's unique id (ops/haproxy.cfg). */
  requestId: string;
  /** Instances that exited without being told to. */
  crashed: number;
}

const SOCKETS_PER_OWNER = 10;
/**
 * The browsers writing to each vehicle: half the new conversations a vehicle may gain in an hour, since the
 * limit counts attempts (a first message retried, two of one browser's first messages racing).
 */
const VISITORS_PER_OWNER = 5;
/** The senders' loopback addresses: each stays under the messages one address may send in an hour. */
const SENDER_ADDRESSES = 499;
const senderAddress = (index: number) => `127.0.${2 + ((index + 1) >> 8)}.${(index + 1) & 0xff}`;
/** A send that no retry could get answered within this long counts as unacknowledged. */
const SEND_GIVE_UP_MS = 30_000;
/** Between a failed attempt and its retry (the app's own client waits about as long). */
const RETRY_AFTER_MS = 250;
/** How often HAProxy asks each instance /api/ready in these runs (ops/haproxy.cfg's VC_CHECK_MS). */
const CHECK_MS = 300;
/**
 * The drain after SIGTERM: longer than HAProxy needs to see the instance not ready (2 failed checks) plus a
 * check's time, so no new request reaches it once it closes (docs/decisions/0158's order).
 */
const SHUTDOWN_DELAY_MS = 4 * CHECK_MS;

interface Owner {
  vehicleId: string;
  /** One session per device, as each signed-in browser has its own. */
  tokens: string[];
}

/** Owners with a vehicle and SOCKETS_PER_OWNER devices signed in, written straight to the database. */
async function seedOwners(handle: DatabaseHandle, count: number): Promise<Owner[]> {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, index) => {
    const userId = randomUUID();
    const tokens = Array.from({ length: SOCKETS_PER_OWNER }, () => randomBytes(32).toString('base64url'));
    const vehicleId = randomUUID();
    return {
      owner: { vehicleId, tokens },
      user: benchUserRow({ id: userId, email: `chaos-${index}-${userId}@example.org`, now }),
      sessions: tokens.map((token) => ({
        tokenHash: hashToken(token),
        userId,
        isPersistent: 1,
        createdAt: now,
        expiresAt: now + 24 * 3600_000,
        lastSeenAt: now,
      })),
      vehicle: benchVehicleRow({
        id: vehicleId,
        ownerId: userId,
        licensePlate: `CHS-${String(index).padStart(5, '0')}`,
        qrCode: randomBytes(16).toString('base64url'),
        now,
      }),
    };
  });
  await insertBenchOwners(handle, rows);
  return rows.map((row) => row.owner);
}

/** A send's text: letters only (nothing the scam filter reads as a number or a link), unique to the send. */
const uniqueText = () =>
  `Chaos check ${Array.from(randomBytes(16), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

interface Send {
  key: string;
  owner: number;
  text: string;
  acknowledgedAt?: number;
  messageId?: string;
}

/**
 * Visitors writing at a steady rate through the balancer, owners in turn; a failed attempt is retried with
 * the same Idempotency-Key and body until it is answered 201 (the app keeps one key per message it means to send).
 */
function startSenders(url: string, owners: Owner[], perSecond: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  // The product's own limits hold in these runs: each vehicle hears from VISITORS_PER_OWNER browsers, and the
  // sends come from SENDER_ADDRESSES loopback addresses in turn (a number prime to the owners', so one
  // address rarely writes to one vehicle twice).
  const visitors = owners.map(() =>
    Array.from({ length: VISITORS_PER_OWNER }, () => randomBytes(32).toString('base64url')),
  );
  const sends: Send[] = [];
  const failedAttempts: Record<string, number> = {};
  const failureSamples: Record<string, string> = {};
  const failureTimes: number[] = [];
  let wrongAnswers = 0;
  let unacknowledged = 0;
  const inFlight = new Set<Promise<void>>();

  const attempt = (send: Send, visitor: string, localAddress: string) =>
    post(
      agent,
      new URL('/api/messages/anonymous', url),
      JSON.stringify({ vehicleId: owners[send.owner]?.vehicleId, content: send.text, messageType: 'custom' }),
      { origin: url, cookie: `visitor=${visitor}`, 'idempotency-key': send.key },
      { localAddress, timeout: 10_000 },
    ).catch(() => ({ status: 0, body: '' }));

  async function deliver(send: Send, visitor: string, localAddress: string) {
    const startedAt = Date.now();
    for (;;) {
      const answer = await attempt(send, visitor, localAddress);
      if (answer.status === 201) {
        send.acknowledgedAt = Date.now();
        send.messageId = (JSON.parse(answer.body) as { id: string }).id;
        return;
      }
      failedAttempts[answer.status] = (failedAttempts[answer.status] ?? 0) + 1;
      failureSamples[answer.status] ??=
        `${answer.body.replace(/\s+/g, ' ').slice(0, 160)} (from ${localAddress}, ${sends.length} sends started)`;
      failureTimes.push(Date.now());
      // A limit's 429 is an answer, not a failure to retry at once (the load stays inside the limits).
      const retryable = answer.status === 0 || answer.status >= 502;
      if (!retryable) {
        wrongAnswers += 1;
        return;
      }
      if (Date.now() - startedAt > SEND_GIVE_UP_MS) {
        unacknowledged += 1;
        return;
      }
      await sleep(RETRY_AFTER_MS);
    }
  }

  let turn = 0;
  const interval = 1000 / perSecond;
  let stopped = false;
  const pacing = (async () => {
    const started = performance.now();
    while (!stopped) {
      const send: Send = { key: randomUUID(), owner: turn % owners.length, text: uniqueText() };
      sends.push(send);
      const ownVisitors = visitors[send.owner] as string[];
      const visitor = ownVisitors[Math.floor(turn / owners.length) % ownVisitors.length] as string;
      const running = deliver(send, visitor, senderAddress(turn % SENDER_ADDRESSES));
      inFlight.add(running);
      void running.finally(() => inFlight.delete(running));
      turn += 1;
      const next = started + turn * interval;
      await sleep(Math.max(0, next - performance.now()));
    }
  })();

  return {
    sends,
    failedAttempts,
    failureSamples,
    failureTimes,
    /** A browser that has written to `owner`'s vehicle. */
    visitorOf: (owner: number) => visitors[owner]?.[0] as string,
    wrongAnswers: () => wrongAnswers,
    unacknowledged: () => unacknowledged,
    /** Stops starting sends and waits for every one started to be answered or given up. */
    async stop() {
      stopped = true;
      await pacing;
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      agent.destroy();
    },
  };
}

/**
 * An owner's device: one socket through the balancer that reconnects as the app's client does
 * (reconnectDelayAfter: at once after 1012, 3 s after an abnormal close) and shows each message once.
 */
class Device {
  socket: WebSocket | undefined;
  isAuthenticated = false;
  readonly seen = new Set<string>();
  duplicateFrames = 0;
  /** When each frame arrived, by message id. */
  readonly frames: Array<{ messageId: string; at: number }> = [];
  readonly drops: Array<{ at: number; code: number }> = [];
  readonly authenticatedAt: number[] = [];
  readonly openedAt: number[] = [];
  private isStopped = false;
  private reconnect: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly localAddress: string,
    readonly owner: number,
  ) {}

  open() {
    const socket = new WebSocket(`${this.url.replace('http', 'ws')}/ws`, {
      headers: { cookie: `session=${this.token}`, origin: this.url },
      perMessageDeflate: false,
      localAddress: this.localAddress,
      handshakeTimeout: 10_000,
    });
    this.socket = socket;
    this.openedAt.push(Date.now());
    socket.on('message', (data) => {
      const event = JSON.parse(String(data)) as { type: string; message?: { id: string } };
      if (event.type === 'authenticated') {
        this.isAuthenticated = true;
        this.authenticatedAt.push(Date.now());
      } else if (event.type === 'new_message' && event.message) {
        if (this.seen.has(event.message.id)) this.duplicateFrames += 1;
        else this.seen.add(event.message.id);
        this.frames.push({ messageId: event.message.id, at: Date.now() });
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      this.isAuthenticated = false;
      if (this.isStopped) return;
      this.drops.push({ at: Date.now(), code });
      const delay = reconnectDelayAfter(code);
      if (delay !== undefined) this.reconnect = setTimeout(() => this.open(), delay);
    });
  }

  close() {
    this.isStopped = true;
    clearTimeout(this.reconnect);
    this.socket?.terminate();
  }

  /** The first frame after `time` (after this socket was authenticated again, if it dropped), or null. */
  firstFrameAfter(time: number): number | null {
    const hasDropped = this.drops.some((drop) => drop.at >= time);
    const from = hasDropped ? this.authenticatedAt.findLast((at) => at >= time) : time;
    if (from === undefined) return null;
    return this.frames.find((frame) => frame.at >= from)?.at ?? null;
  }
}

/** Owners' devices: `count` sockets from loopback addresses of their own (127.0.1.x), all authenticated. */
async function openDevices(url: string, owners: Owner[], count: number): Promise<Device[]> {
  const devices = Array.from(
    { length: count },
    (_, index) =>
      new Device(
        url,
        (owners[Math.floor(index / SOCKETS_PER_OWNER)] as Owner).tokens[index % SOCKETS_PER_OWNER] as string,
        // Each address holds fewer sockets than the server's cap per address (decision 0128).
        `127.0.1.${2 + Math.floor(index / 100)}`,
        Math.floor(index / SOCKETS_PER_OWNER),
      ),
  );
  for (const device of devices) device.open();
  const all = await until(() => devices.every((device) => device.isAuthenticated), 30_000);
  if (!all) throw new Error('the owners’ sockets did not all open');
  return devices;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** Runs one case from start to end and answers what became of every send and socket. */
export async function runCase(
  fault: Fault,
  size: Size,
  log: (line: string) => void = () => {},
): Promise<Outcome> {
  const redis = await startRedis();
  const postgres = fault === 'restart PostgreSQL' ? await startPostgres() : undefined;
  const database = await createTestDatabase('postgres', postgres?.adminUrl ?? process.env.TEST_DATABASE_URL);
  const cleanups: Array<() => Promise<void>> = [];
  try {
    const owners = await seedOwners(database, Math.ceil(size.sockets / SOCKETS_PER_OWNER));
    await database.close();
    const balancerPort = await freePort();
    const env = {
      DATABASE_URL: database.serverEnv.DATABASE_URL as string,
      REDIS_URL: redis.url,
      APP_ORIGIN: `http://127.0.0.1:${balancerPort}`,
      TRUST_PROXY: '1',
      SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
    };
    const instances: Instance[] = [];
    for (const name of ['instance1', 'instance2']) instances.push(await startInstance(name, env));
    cleanups.push(async () => {
      for (const instance of instances) if (instance.isRunning()) await instance.terminate();
    });
    const balancer = await startHaproxy(
      balancerPort,
      [instances[0]?.address ?? '', instances[1]?.address ?? ''],
      CHECK_MS,
    );
    cleanups.push(() => balancer.stop());
    const devices = await openDevices(balancer.url, owners, size.sockets);
    cleanups.push(async () => {
      for (const device of devices) device.close();
    });
    log(`${fault}: ${devices.length} sockets open, sending ${size.sendsPerSecond}/s`);
    const senders = startSenders(balancer.url, owners, size.sendsPerSecond);
    await sleep(size.secondsBefore * 1000);

    const faultAt = Date.now();
    let faultEndAt = faultAt;
    const target = instances[0] as Instance;
    const told = new Set<Instance>();
    if (fault === 'kill -9') {
      told.add(target);
      await target.kill();
    } else if (fault === 'SIGTERM') {
      told.add(target);
      const code = await target.terminate();
      if (code !== 0) log(`SIGTERM: the instance exited with ${code}`);
    } else if (fault === 'restart Redis') {
      await redis.stop();
      await sleep(size.outageSeconds * 1000);
      await redis.start();
      faultEndAt = Date.now();
    } else {
      await postgres?.stop();
      await sleep(size.outageSeconds * 1000);
      await postgres?.start();
      faultEndAt = Date.now();
    }
    log(`${fault}: done in ${seconds(faultEndAt - faultAt)} s; load goes on for ${size.secondsAfter} s`);
    await sleep(size.secondsAfter * 1000);
    await senders.stop();
    // The last frames on their way.
    await sleep(500);

    const { statuses: limitAfter, requestId } = await urgentTwice(
      balancer.url,
      owners[0] as Owner,
      senders.visitorOf(0),
    );
    const acknowledged = senders.sends.filter((send) => send.acknowledgedAt !== undefined);
    const counts = await countStored(database.serverEnv.DATABASE_URL as string);
    const stored = acknowledged.filter((send) => (counts.get(send.text) ?? 0) > 0).length;
    const duplicated = [...counts.values()].reduce((sum, count) => sum + Math.max(0, count - 1), 0);
    const framesReached = new Set(devices.flatMap((device) => [...device.seen]));
    const dropped = devices.filter((device) => device.drops.some((drop) => drop.at >= faultAt));
    const socketsDropped: Record<string, number> = {};
    for (const device of dropped)
      for (const drop of device.drops) socketsDropped[drop.code] = (socketsDropped[drop.code] ?? 0) + 1;
    const backAt = dropped.map((device) => device.firstFrameAfter(faultAt));
    const resumedAt = devices.map((device) => device.firstFrameAfter(faultEndAt));
    const latest = (times: Array<number | null>, from: number) =>
      times.includes(null) ? null : seconds(Math.max(from, ...(times as number[])) - from);
    const lastFailure = Math.max(faultEndAt, ...senders.failureTimes);
    if (process.env.CHAOS_DEBUG) {
      const spans = (pick: (device: Device) => number | undefined) =>
        dropped
          .map(pick)
          .filter((value): value is number => value !== undefined)
          .sort((a, b) => a - b);
      const show = (name: string, values: number[]) =>
        log(
          `${name}: p50 ${values[Math.floor(values.length / 2)]} ms, max ${values.at(-1)} ms (${values.length})`,
        );
      const dropOf = (device: Device) => device.drops.find((drop) => drop.at >= faultAt)?.at ?? 0;
      show(
        'fault to drop',
        spans((device) => dropOf(device) - faultAt),
      );
      show(
        'drop to reopen',
        spans((device) => (device.openedAt.find((at) => at > dropOf(device)) ?? 0) - dropOf(device)),
      );
      show(
        'reopen to authenticated',
        spans(
          (device) =>
            (device.authenticatedAt.find((at) => at > dropOf(device)) ?? 0) -
            (device.openedAt.find((at) => at > dropOf(device)) ?? 0),
        ),
      );
      show(
        'authenticated to frame',
        spans(
          (device) =>
            (device.firstFrameAfter(faultAt) ?? 0) -
            (device.authenticatedAt.find((at) => at > dropOf(device)) ?? 0),
        ),
      );
      show(
        'attempts',
        spans((device) => device.openedAt.filter((at) => at > dropOf(device)).length),
      );
    }
    return {
      fault,
      acknowledged: acknowledged.length,
      stored,
      lost: acknowledged.length - stored,
      duplicated,
      unacknowledged: senders.unacknowledged(),
      failedAttempts: senders.failedAttempts,
      failureSamples: senders.failureSamples,
      wrongAnswers: senders.wrongAnswers(),
      sockets: devices.length,
      socketsDropped,
      socketsOpenAtEnd: devices.filter((device) => device.isAuthenticated).length,
      duplicateFrames: devices.reduce((sum, device) => sum + device.duplicateFrames, 0),
      deliveredLive: acknowledged.filter((send) => send.messageId && framesReached.has(send.messageId))
        .length,
      socketsBackSeconds: dropped.length === 0 ? 0 : latest(backAt, faultAt),
      deliveryResumedSeconds: latest(resumedAt, faultEndAt),
      sendsBackSeconds: seconds(lastFailure - faultEndAt),
      limitAfter,
      requestId,
      crashed: instances.filter((instance) => !told.has(instance) && !instance.isRunning()).length,
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await redis.stop();
    if (postgres) await postgres.destroy();
    else await database.drop().catch(() => undefined);
  }
}

/** The statuses of one new visitor's two urgent messages to `owner`'s vehicle, e.g. "201, 429". */
async function urgentTwice(url: string, owner: Owner, visitor: string) {
  const statuses: number[] = [];
  let requestId = '';
  for (let turn = 0; turn < 2; turn++) {
    const body = JSON.stringify({
      vehicleId: owner.vehicleId,
      content: uniqueText(),
      messageType: 'custom',
      urgent: true,
    });
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${url}/api/messages/anonymous`, {
        method: 'POST',
        // An address none of the load's sends came from; a browser that already wrote to the vehicle.
        localAddress: '127.0.9.9',
        headers: { 'content-type': 'application/json', origin: url, cookie: `visitor=${visitor}` },
      });
      request.on('response', (response) => {
        requestId ||= String(response.headers['x-request-id'] ?? '');
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      request.on('error', reject);
      request.end(body);
    });
    statuses.push(status);
  }
  return { statuses: statuses.join(', '), requestId };
}

/** How many times each send's text is stored. */
async function countStored(databaseUrl: string): Promise<Map<string, number>> {
  const { openPostgres } = await import('../src/server/db/index.js');
  const handle = openPostgres(databaseUrl);
  try {
    const rows = await handle.db
      .selectFrom('messages')
      .select(['content', sql<string>`count(*)`.as('count')])
      .where('content', 'like', 'Chaos check %')
      .groupBy('content')
      .execute();
    return new Map(rows.map((row) => [row.content, Number(row.count)]));
  } finally {
    await handle.close();
  }
}

const statusList = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([status, count]) => `${status === '0' ? 'no answer' : status}: ${count}`)
    .join(', ') || 'none';

/** The closing note's table: one row per case. */
export function formatTable(outcomes: Outcome[]): string {
  const header = [
    'case',
    'acknowledged',
    'stored',
    'lost',
    'duplicated',
    'failed attempts (retried)',
    'sockets dropped',
    'duplicate frames',
    'delivered live',
    'sockets back (s)',
    'delivery resumed (s)',
    'sends back (s)',
    'urgent twice after',
    'crashed',
  ];
  const rows = outcomes.map((outcome) => [
    outcome.fault,
    String(outcome.acknowledged),
    String(outcome.stored),
    String(outcome.lost),
    String(outcome.duplicated),
    statusList(outcome.failedAttempts),
    `${Object.values(outcome.socketsDropped).reduce((sum, count) => sum + count, 0)} of ${outcome.sockets} (${statusList(outcome.socketsDropped)})`,
    String(outcome.duplicateFrames),
    `${outcome.deliveredLive} of ${outcome.acknowledged}`,
    String(outcome.socketsBackSeconds ?? 'never'),
    String(outcome.deliveryResumedSeconds ?? 'never'),
    String(outcome.sendsBackSeconds),
    outcome.limitAfter,
    String(outcome.crashed),
  ]);
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** What the operators are promised (issue 35), as the case showed it. */
export function brokenPromises(outcome: Outcome): string[] {
  const broken: string[] = [];
  if (outcome.lost) broken.push(`${outcome.lost} acknowledged sends lost`);
  if (outcome.duplicated) broken.push(`${outcome.duplicated} sends stored twice`);
  if (outcome.unacknowledged) broken.push(`${outcome.unacknowledged} sends never acknowledged`);
  if (outcome.wrongAnswers) broken.push(`${outcome.wrongAnswers} wrong answers (4xx or 500)`);
  if (outcome.limitAfter !== '201, 429') broken.push(`the urgent limit answered ${outcome.limitAfter}`);
  if (outcome.crashed) broken.push(`${outcome.crashed} instances crashed`);
  if (outcome.socketsOpenAtEnd !== outcome.sockets)
    broken.push(`${outcome.sockets - outcome.socketsOpenAtEnd} sockets not back`);
  if (outcome.socketsBackSeconds === null || outcome.socketsBackSeconds > 5)
    broken.push(`sockets back in ${outcome.socketsBackSeconds ?? 'never'} s`);
  if (outcome.deliveryResumedSeconds === null || outcome.deliveryResumedSeconds > 5)
    broken.push(`delivery resumed in ${outcome.deliveryResumedSeconds ?? 'never'} s`);
  if (outcome.fault === 'SIGTERM' && Object.keys(outcome.failedAttempts).length > 0)
    broken.push('requests failed during the drain');
  return broken;
}
