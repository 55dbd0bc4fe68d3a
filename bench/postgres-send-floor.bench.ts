// What PostgreSQL alone can do of the sends on this machine: the statements one visitor's send runs, driven
// by pgbench with no Node.js server, no HTTP and no Redis (bench/send-floor.ts, which the delivery bench
// shares); beside pgbench's `SELECT 1` (the bare round trip) in the same run, and beside the same write made
// as one statement (no BEGIN, no COMMIT, no reads: the least any send could ask of it).
// Prints transactions/s and the CPU PostgreSQL's processes and pgbench spent per transaction, from /proc.
// Needs pgbench (Debian's postgresql-15 package) and BENCH_DATABASE_URL or TEST_DATABASE_URL.
// docs/decisions/0122-postgres-send-ceiling.md and 0161-the-send-judged-against-postgresql.md read its figures.
import os from 'node:os';
import { postgresAdminUrl } from './lib.js';
import { createSendFloor, floorScripts, hasPgbench } from './send-floor.js';

const SECONDS = Math.max(4, Number(process.env.BENCH_SECONDS ?? 8));

if (!postgresAdminUrl || !hasPgbench) {
  process.stdout.write(
    `\nSKIPPED: PostgreSQL send floor (${postgresAdminUrl ? 'no pgbench on this machine' : 'set BENCH_DATABASE_URL or TEST_DATABASE_URL'})\n`,
  );
  process.exit(0);
}

const floor = await createSendFloor(postgresAdminUrl);
try {
  const rows = [];
  for (const script of [floorScripts.selectOne, floorScripts.send, floorScripts.oneStatement]) {
    rows.push(await floor.run(script, SECONDS));
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
  await floor.drop();
}
