// `npm run bench`: build if needed, then run every bench/*.bench.ts in turn.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildIfNeeded();
const only = process.argv[2];
const benches = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((file) => file.endsWith('.bench.ts') && (!only || file.includes(only)));
let status = 0;
for (const bench of benches) {
  const result = spawnSync('npx', ['tsx', path.join('bench', bench)], { cwd: root, stdio: 'inherit' });
  status ||= result.status ?? 1;
}
process.exit(status);
