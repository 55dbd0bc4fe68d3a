// Preloaded into a benchmarked server (BENCH_SERVER_NODE_ARGS="--import ./bench/sql-timing.mjs"): times every
// statement, keyed by its SQL text, and when the server exits writes the statements that took the most time,
// with their counts and mean microseconds, to SQL_TIMING_FILE (default: sql-timing-{pid}.txt in the system's
// temporary folder). On SQLite each better-sqlite3 run, get, all and exec (where a profile says "native
// SQLite time", this says which statement); on PostgreSQL each node-postgres query, from the call to its
// answer (a round trip, with the time the answer waited for a busy event loop). A benchmark tool only: the
// app never loads it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(path.join(process.cwd(), 'package.json'));
const Database = require('better-sqlite3');
const file = process.env.SQL_TIMING_FILE ?? path.join(os.tmpdir(), `sql-timing-${process.pid}.txt`);
/** SQL text (whitespace collapsed) → { count, micros } */
const timings = new Map();

function record(sql, startedAt) {
  const micros = Number(process.hrtime.bigint() - startedAt) / 1000;
  const entry = timings.get(sql) ?? { count: 0, micros: 0 };
  entry.count += 1;
  entry.micros += micros;
  timings.set(sql, entry);
}

function timed(method, sql) {
  return function (...args) {
    const startedAt = process.hrtime.bigint();
    try {
      return method.apply(this, args);
    } finally {
      record(sql, startedAt);
    }
  };
}

const prepare = Database.prototype.prepare;
Database.prototype.prepare = function (source) {
  const statement = prepare.call(this, source);
  const sql = source.replace(/\s+/g, ' ').trim();
  for (const name of ['run', 'get', 'all']) statement[name] = timed(statement[name], sql);
  return statement;
};
const exec = Database.prototype.exec;
Database.prototype.exec = function (source) {
  return timed(exec, `exec: ${source.replace(/\s+/g, ' ').trim()}`).call(this, source);
};

const { Client } = require('pg');
const query = Client.prototype.query;
Client.prototype.query = function (config, ...rest) {
  const text = typeof config === 'string' ? config : config?.text;
  const result = query.call(this, config, ...rest);
  if (typeof text !== 'string' || typeof result?.then !== 'function') return result;
  const sql = text.replace(/\s+/g, ' ').trim();
  const startedAt = process.hrtime.bigint();
  const done = () => record(sql, startedAt);
  result.then(done, done);
  return result;
};

process.on('exit', () => {
  const rows = [...timings]
    .sort((a, b) => b[1].micros - a[1].micros)
    .slice(0, 40)
    .map(([sql, { count, micros }]) =>
      [
        `${(micros / 1000).toFixed(0).padStart(8)} ms`,
        `${String(count).padStart(9)} ×`,
        `${(micros / count).toFixed(1).padStart(8)} µs`,
        `  ${sql.slice(0, 160)}`,
      ].join(''),
    );
  fs.writeFileSync(file, `${['   total       count      mean  statement', ...rows].join('\n')}\n`);
});
