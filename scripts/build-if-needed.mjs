// Builds the client and the server when their output is missing or older than the sources.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const outputs = [path.join(root, 'dist/client/index.html'), path.join(root, 'dist/server/main.js')];
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'].map((entry) =>
  path.join(root, entry),
);

export function buildIfNeeded() {
  const builtAt = Math.min(...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
  const changedAt = Math.max(...sources.map(newestMtime));
  if (builtAt > changedAt) return;
  process.stdout.write('Building the app (first start or changed sources)...\n');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfNeeded();
