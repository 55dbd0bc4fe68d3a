// The PostgreSQL send floor: what PostgreSQL alone does of a visitor's send on this machine. The statements
// one send runs (as the server's statement log shows them: bench/sql-timing.mjs on a PostgreSQL delivery
// run; src/server/messaging/send.service.ts sendToVehicle), driven by pgbench (a C client, prepared
// statements, 10 connections like the server's pool) with no Node.js server, no HTTP and no Redis.
// bench/postgres-send-floor.bench.ts prints it beside pgbench's `SELECT 1` and the same write as one
// statement; bench/delivery.bench.ts prints the full stack's sends/s over it (decision 0161). One module both
// import: when the send's statements change, the floor changes here, once.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createTestDatabase } from '../src/server/test/databases.js';
import { benchUserRow, benchVehicleRow, cpuTimeMs } from './lib.js';

const OWNERS = 1_000;
const VISITORS = 500;
const DAY_MS = 24 * 3600_000;

export const hasPgbench = spawnSync('pgbench', ['--version']).status === 0;

/** Ids made from an index, so that pgbench's random numbers name rows: kind 1 users, 2 vehicles. */
const idPrefix = (kind: 1 | 2) => `00000000-0000-4000-800${kind}-`;
const idOf = (kind: 1 | 2, index: number) => `${idPrefix(kind)}${String(index).padStart(12, '0')}`;
const sqlIdOf = (kind: 1 | 2) => `('${idPrefix(kind)}' || lpad(:n::text, 12, '0'))`;
const owner = sqlIdOf(1);
const vehicle = sqlIdOf(2);
/** Visitor :v's cookie hash, and their network's keyed hash (the server's HMAC, decision 0139). */
const visitorHash = `encode(sha256(('visitor-' || :v)::bytea), 'hex')`;
const network = `encode(sha256(('network-' || :v)::bytea), 'hex')`;
const nowMs = '(extract(epoch from clock_timestamp()) * 1000)::bigint';
const partyKey = `'va:' || ${vehicle} || ':' || ${visitorHash}`;
const pick = `\\set n random(0, ${OWNERS - 1})\n\\set v random(0, ${VISITORS - 1})\n`;

/** A visitor's message to vehicle :n: the conversation made or moved on, and the message in it. */
const writeToPair = (
  returning: string,
) => `with "conversation" as (insert into "conversations" ("id", "party_key", "vehicle_one_id", "owner_one_id",
 "vehicle_two_id", "user_two_id", "visitor_two_hash", "visitor_two_network", "one_cleared_at", "two_cleared_at",
 "created_at", "last_message_at") values (gen_random_uuid()::text, ${partyKey}, ${vehicle}, ${owner}, null, null,
 ${visitorHash}, ${network}, 0, 0, ${nowMs}, ${nowMs}) on conflict ("party_key") do update set
 "visitor_two_network" = "excluded"."visitor_two_network", "last_message_at" = greatest("conversations"."last_message_at",
 greatest("excluded"."last_message_at", "conversations"."one_cleared_at" + 1, "conversations"."two_cleared_at" + 1))
 returning *), "message" as (insert into "messages" ("id", "conversation_id", "sender_side", "sender_vehicle_id",
 "content", "is_read", "created_at", "urgent") select gen_random_uuid()::text, "conversation"."id", case when
 "conversation"."owner_one_id" = null::text then 'one' else 'two' end, null, 'Your lights are on', 0,
 greatest(${nowMs}, "conversation"."one_cleared_at" + 1, "conversation"."two_cleared_at" + 1), 0 from
 "conversation" returning "sender_side", "created_at")${returning}`;

/** The transactions pgbench can run, by what they are. */
export const floorScripts = {
  selectOne: { name: 'SELECT 1 (the bare round trip)', script: 'select 1;\n' },
  send: {
    name: "a visitor's send, as the server runs it (8 statements)",
    // The vehicle and its owner's blocks of the visitor (their browser, their network for a day), whether
    // the conversation is open (0125's inflow limit), the ratings about the sender (0151), then in one
    // transaction the write, the push notification's read (quiet hours, 0150) and the inbox bump (0113).
    script: `${pick}select "id", "owner_id", "is_active", "accept_messages_from", exists (select "blocks"."id" from "blocks" where "blocks"."blocker_id" = "vehicles"."owner_id" and ("blocks"."blocked_visitor_hash" = ${visitorHash} or ("blocks"."blocked_network" = ${network} and "blocks"."network_blocked_until" > ${nowMs}))) as "is_blocked" from "vehicles" where "id" = ${vehicle};
select "id" from "conversations" where "party_key" = ${partyKey} and "last_message_at" > ${nowMs} - ${DAY_MS};
select "rater_user_id", "rating", "created_at" from "feedback" where ("subject_visitor_hash" = ${visitorHash} or "subject_network" = ${network}) and "created_at" > ${nowMs} - ${30 * DAY_MS};
begin;
${writeToPair(` select "conversation".*, "message"."sender_side", "message"."created_at" as "message_created_at" from "conversation", "message"`)};
select "notification_preferences"."show_previews", "notification_preferences"."quiet_hours_enabled", "notification_preferences"."quiet_hours_start", "notification_preferences"."quiet_hours_end", "notification_preferences"."quiet_hours_time_zone" from "push_subscriptions" left join "notification_preferences" on "notification_preferences"."user_id" = "push_subscriptions"."user_id" where "push_subscriptions"."user_id" = ${owner} limit 1;
update "users" set "inbox_version" = "inbox_version" + 1 where "id" = ${owner} returning "inbox_version";
commit;
`,
  },
  oneStatement: {
    name: 'the same write as one statement (no reads, no BEGIN/COMMIT)',
    script: `${pick}${writeToPair(
      `, "bump" as (update "users" set "inbox_version" = "inbox_version" + 1 where "id" = ${owner} returning "inbox_version") select "message"."created_at", "bump"."inbox_version" from "message", "bump"`,
    )};
`,
  },
};

export type FloorScript = (typeof floorScripts)[keyof typeof floorScripts];

export interface FloorRun {
  name: string;
  /** Transactions per second, as pgbench reports them. */
  tps: number;
  /** CPU ms of the cluster's processes per transaction (every postgres process where its own are unknown). */
  postgres: number;
  /** CPU ms of pgbench per transaction. */
  client: number;
}

/**
 * CPU ms used so far by every process of the machine named `name` (their user and system time), or with
 * `parent`, by that process and its children only (one PostgreSQL cluster's postmaster and backends, not
 * another cluster's on the same machine).
 */
export function cpuOf(name: string, parent?: number): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // The process ended while we read.
    }
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // The fields after the command: state, then the parent's id.
    const parentId = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (command !== name) continue;
    if (parent !== undefined && Number(entry) !== parent && parentId !== parent) continue;
    const cpu = cpuTimeMs(Number(entry));
    if (cpu) total += cpu.user + cpu.system;
  }
  return total;
}

/** The postmaster of the cluster `url` names, where it runs on this machine (else undefined). */
async function postmasterOf(url: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
    const status = fs.readFileSync(`/proc/${backend}/status`, 'utf8');
    return Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) || undefined;
  } catch {
    return undefined; // PostgreSQL on another machine: its processes are not in /proc.
  } finally {
    await client.end();
  }
}

/**
 * A fresh database of the app's schema on `adminUrl` with 1,000 owners and their vehicles, and pgbench
 * runs against it. `drop()` when done.
 */
export async function createSendFloor(adminUrl: string) {
  const database = await createTestDatabase('postgres', adminUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vc-pgbench-'));
  const now = Date.now();
  const indexes = Array.from({ length: OWNERS }, (_, index) => index);
  await database.db
    .insertInto('users')
    .values(indexes.map((index) => benchUserRow({ id: idOf(1, index), email: `o${index}@example.org`, now })))
    .execute();
  await database.db
    .insertInto('vehicles')
    .values(
      indexes.map((index) =>
        benchVehicleRow({
          id: idOf(2, index),
          ownerId: idOf(1, index),
          licensePlate: `FLR-${String(index).padStart(6, '0')}`,
          qrCode: `floor-${String(index).padStart(16, '0')}`,
          now,
        }),
      ),
    )
    .execute();
  await database.close();
  const url = database.serverEnv.DATABASE_URL as string;
  const postmaster = await postmasterOf(url);
  /** CPU ms used so far by the cluster's processes (postmaster, backends, writers). */
  const postgresCpu = () => cpuOf('postgres', postmaster);
  let runs = 0;

  /** `script` through pgbench for `seconds` (4 at least: the CPU is read from its second 1 to its last but one). */
  async function run(script: FloorScript, seconds: number): Promise<FloorRun> {
    const length = Math.max(4, Math.round(seconds));
    const file = path.join(dir, `${runs++}.sql`);
    fs.writeFileSync(file, script.script);
    const args = ['-n', '-M', 'prepared', '-c', '10', '-j', '1', '-T', String(length), '-f', file, url];
    // Read while pgbench runs, from its second 1 to a second before its end: the backends it connects
    // end with it, and their CPU time leaves /proc with them. pgbench runs on the caller's core (the load
    // generator's, scripts/bench.mjs).
    const child = spawn('pgbench', args);
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await sleep(1_000);
    const before = { postgres: postgresCpu(), client: cpuOf('pgbench'), at: performance.now() };
    await sleep((length - 2) * 1_000);
    const after = { postgres: postgresCpu(), client: cpuOf('pgbench'), at: performance.now() };
    const status = await exited;
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
    const failed = /number of failed transactions: (\d+)/.exec(output)?.[1];
    if (status !== 0 || !Number.isFinite(tps) || (failed && failed !== '0')) {
      throw new Error(`pgbench failed on ${script.name}:\n${output}`);
    }
    const transactions = (tps * (after.at - before.at)) / 1000;
    return {
      name: script.name,
      tps,
      postgres: (after.postgres - before.postgres) / transactions,
      client: (after.client - before.client) / transactions,
    };
  }

  return {
    run,
    postgresCpu,
    async drop() {
      fs.rmSync(dir, { recursive: true, force: true });
      await database.drop();
    },
  };
}
