// What PostgreSQL alone can do of the sends on this machine: the statements one visitor's send runs (as
// PostgreSQL's statement log shows them, src/server/messaging/send.service.ts sendToVehicle), driven by
// pgbench (a C client, prepared statements, 10 connections like the server's pool) with no Node.js server,
// no HTTP and no Redis; beside pgbench's `SELECT 1` (the bare round trip) in the same run, and beside the
// same write made as one statement (no BEGIN, no COMMIT, no reads: the least any send could ask of it).
// Prints transactions/s and the CPU PostgreSQL's processes and pgbench spent per transaction, from /proc.
// Needs pgbench (Debian's postgresql-15 package) and BENCH_DATABASE_URL or TEST_DATABASE_URL.
// docs/decisions/0122-postgres-send-ceiling.md reads its figures.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase } from '../src/server/test/databases.js';
import { benchUserRow, benchVehicleRow, cpuTimeMs, postgresAdminUrl } from './lib.js';

const SECONDS = Math.max(4, Number(process.env.BENCH_SECONDS ?? 8));
const OWNERS = 1_000;
const VISITORS = 500;

const hasPgbench = spawnSync('pgbench', ['--version']).status === 0;
if (!postgresAdminUrl || !hasPgbench) {
  process.stdout.write(
    `\nSKIPPED: PostgreSQL send floor (${postgresAdminUrl ? 'no pgbench on this machine' : 'set BENCH_DATABASE_URL or TEST_DATABASE_URL'})\n`,
  );
  process.exit(0);
}

/** Ids made from an index, so that pgbench's random numbers name rows: kind 1 users, 2 vehicles. */
const idPrefix = (kind: 1 | 2) => `00000000-0000-4000-800${kind}-`;
const idOf = (kind: 1 | 2, index: number) => `${idPrefix(kind)}${String(index).padStart(12, '0')}`;
const sqlIdOf = (kind: 1 | 2) => `('${idPrefix(kind)}' || lpad(:n::text, 12, '0'))`;
const owner = sqlIdOf(1);
const vehicle = sqlIdOf(2);
const visitorHash = `encode(sha256(('visitor-' || :v)::bytea), 'hex')`;
const nowMs = '(extract(epoch from clock_timestamp()) * 1000)::bigint';
const pick = `\\set n random(0, ${OWNERS - 1})\n\\set v random(0, ${VISITORS - 1})\n`;

/** A visitor's message to vehicle :n: the conversation made or moved on, and the message in it. */
const writeToPair = (
  returning: string,
) => `with "conversation" as (insert into "conversations" ("id", "party_key",
 "vehicle_one_id", "owner_one_id", "vehicle_two_id", "user_two_id", "visitor_two_hash", "one_cleared_at",
 "two_cleared_at", "created_at", "last_message_at") values (gen_random_uuid()::text, 'va:' || ${vehicle} || ':' ||
 ${visitorHash}, ${vehicle}, ${owner}, null, null, ${visitorHash}, 0, 0, ${nowMs}, ${nowMs}) on conflict
 ("party_key") do update set "last_message_at" = greatest("conversations"."last_message_at",
 greatest("excluded"."last_message_at", "conversations"."one_cleared_at" + 1, "conversations"."two_cleared_at" + 1))
 returning *), "message" as (insert into "messages" ("id", "conversation_id", "sender_side", "sender_vehicle_id",
 "content", "is_read", "created_at") select gen_random_uuid()::text, "conversation"."id", 'two', null,
 'Your lights are on', 0, greatest(${nowMs}, "conversation"."one_cleared_at" + 1,
 "conversation"."two_cleared_at" + 1) from "conversation" returning "id", "created_at")${returning}`;

const unreadOnSide = (user: string, writer: string, clearedAt: string) =>
  `select "messages"."created_at" from "conversations" inner join "messages" on "messages"."conversation_id" =
 "conversations"."id" where "conversations"."${user}" = ${owner} and "conversations"."last_message_at" > 0 and
 "messages"."sender_side" = '${writer}' and "messages"."is_read" = 0 and "messages"."created_at" > 0 and
 "messages"."created_at" > "conversations"."${clearedAt}"`;

const scripts = {
  'SELECT 1 (the bare round trip)': 'select 1;\n',
  "a visitor's send, as the server runs it (6 statements)": `${pick}begin;
select "id", "owner_id", "is_active", "accept_messages_from", exists (select "blocks"."id" from "blocks" where "blocks"."blocker_id" = "vehicles"."owner_id" and "blocks"."blocked_visitor_hash" = ${visitorHash}) as "is_blocked" from "vehicles" where "id" = ${vehicle};
${writeToPair(` select "message"."id" as message_id from "conversation", "message"`)} \\gset
select "messages"."content", "one"."display_name", "one"."make", "one"."license_plate", (select "show_previews" from "notification_preferences" where "user_id" = ${owner}) as "show_previews", (select count(*) from (${unreadOnSide('owner_one_id', 'two', 'one_cleared_at')} union all ${unreadOnSide('user_two_id', 'one', 'two_cleared_at')}) as "unread") as "unread_count" from "messages" inner join "conversations" on "conversations"."id" = "messages"."conversation_id" left join "vehicles" as "one" on "one"."id" = "conversations"."vehicle_one_id" where "messages"."id" = :message_id and exists (select "id" from "push_subscriptions" where "user_id" = ${owner});
update "users" set "inbox_version" = "inbox_version" + 1 where "id" = ${owner} returning "inbox_version";
commit;
`,
  'the same write as one statement (no reads, no BEGIN/COMMIT)': `${pick}${writeToPair(
    `, "bump" as (update "users" set "inbox_version" = "inbox_version" + 1 where "id" = ${owner} returning "inbox_version") select "message"."id", "bump"."inbox_version" from "message", "bump"`,
  )};
`,
};

/** CPU ms used so far by every process of the machine named `name` (their user and system time). */
function cpuOf(name: string): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let command: string;
    try {
      command = fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue; // The process ended while we read.
    }
    const cpu = command === name ? cpuTimeMs(Number(entry)) : undefined;
    if (cpu) total += cpu.user + cpu.system;
  }
  return total;
}

const database = await createTestDatabase('postgres', postgresAdminUrl);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vc-pgbench-'));
try {
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
  const rows: Array<{ name: string; tps: number; postgres: number; client: number }> = [];
  for (const [name, script] of Object.entries(scripts)) {
    const file = path.join(dir, `${rows.length}.sql`);
    fs.writeFileSync(file, script);
    const args = ['-n', '-M', 'prepared', '-c', '10', '-j', '1', '-T', String(SECONDS), '-f', file, url];
    // Read while pgbench runs, from its second 1 to a second before its end: the backends it connects
    // end with it, and their CPU time leaves /proc with them.
    // On the load generator's core, as the bench runs (scripts/bench.mjs).
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
    const before = { postgres: cpuOf('postgres'), client: cpuOf('pgbench'), at: performance.now() };
    await sleep((SECONDS - 2) * 1_000);
    const after = { postgres: cpuOf('postgres'), client: cpuOf('pgbench'), at: performance.now() };
    const status = await exited;
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
    const failed = /number of failed transactions: (\d+)/.exec(output)?.[1];
    if (status !== 0 || !Number.isFinite(tps) || (failed && failed !== '0')) {
      throw new Error(`pgbench failed on ${name}:\n${output}`);
    }
    const transactions = (tps * (after.at - before.at)) / 1000;
    rows.push({
      name,
      tps,
      postgres: (after.postgres - before.postgres) / transactions,
      client: (after.client - before.client) / transactions,
    });
  }
  const bare = rows[0]?.tps ?? 1;
  const lines = [
    `\nPostgreSQL alone: a send's statements through pgbench, 10 connections, ${os.cpus().length} cores`,
    `${'transaction'.padEnd(62)}${'tx/s'.padStart(8)}${'vs SELECT 1'.padStart(13)}${'PG ms/tx'.padStart(10)}${'pgbench ms/tx'.padStart(15)}`,
    ...rows.map(
      (row) =>
        `${row.name.padEnd(62)}${row.tps.toFixed(0).padStart(8)}${(row.tps / bare).toFixed(3).padStart(13)}${row.postgres.toFixed(3).padStart(10)}${row.client.toFixed(3).padStart(15)}`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
  await database.drop();
}
