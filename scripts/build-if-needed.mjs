// Builds the client and the server when their output is missing or older than the sources; with --server,
// the server alone (what the tests that start it as a process need: src/server/test/server-process.ts).
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

const at = (entries) => entries.map((entry) => path.join(root, entry));
const builds = {
  all: {
    outputs: at(['dist/client/index.html', 'dist/ssr/render.js', 'dist/server/main.js']),
    sources: at([
      'src',
      'locales',
      'scripts/texts-without-words.ts',
      'public',
      'index.html',
      'vite.config.ts',
      'package-lock.json',
    ]),
    command: 'npm run build',
    what: 'the app',
  },
  server: {
    outputs: at(['dist/server/main.js']),
    sources: at(['src/server', 'src/shared', 'tsconfig.json', 'tsconfig.server.json', 'package-lock.json']),
    command: 'npm run build:server',
    what: 'the server',
  },
};

export function buildIfNeeded(which = 'all') {
  const { outputs, sources, command, what } = builds[which];
  const builtAt = Math.min(...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
  const changedAt = Math.max(...sources.map(newestMtime));
  if (builtAt > changedAt) return;
  process.stdout.write(`Building ${what} (first start or changed sources)...`);
  const started = Date.now();
  try {
    // The build's own report (every chunk and its size) is shown only when the build fails.
    // As `npm run build` makes it, also when a test runner (NODE_ENV=test) asks: React's production bundle.
    execSync(command, { cwd: root, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });
  } catch (error) {
    process.stdout.write(' failed:\n');
    process.stdout.write(String(error.stdout ?? ''));
    process.stderr.write(String(error.stderr ?? ''));
    throw error;
  }
  process.stdout.write(` done in ${Math.round((Date.now() - started) / 1000)} s.\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  buildIfNeeded(process.argv.includes('--server') ? 'server' : 'all');
