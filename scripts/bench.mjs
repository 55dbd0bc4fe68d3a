// `npm run bench`: build if needed, then run every bench/*.bench.ts in turn.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildIfNeeded();
const only = process.argv[2];
const benches = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((file) => file.endsWith('.bench.ts') && (!only || file.includes(only)));
const pin =
  process.env.BENCH_PIN !== '0' && spawnSync('taskset', ['--version']).status === 0 && os.cpus().length > 1;
let status = 0;
for (const bench of benches) {
  // The load generator on core 1, the servers it starts on core 0 (bench/lib.ts), where taskset exists.
  const command = pin ? ['taskset', '-c', '1', 'npx'] : ['npx'];
  const result = spawnSync(command[0], [...command.slice(1), 'tsx', path.join('bench', bench)], {
    cwd: root,
    stdio: 'inherit',
  });
  status ||= result.status ?? 1;
}
process.exit(status);
