// What `.ci/run` installs: `npm ci` exactly as the lockfile says, with one thing kept between runs on this
// machine. better-sqlite3 has no prebuilt addon to download here (no internet beyond the npm registry), so
// its install compiles SQLite from source: a minute of both cores on every clean clone. The compiled addon
// depends only on the package's version, Node's ABI, the platform and the architecture, so it is kept in a
// cache under exactly that name and copied in on the next run; anything else is built as npm would.
// docs/decisions/0134-ci-in-a-third-of-the-time.md.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (args) => execFileSync(npm, args, { cwd: root, stdio: 'inherit' });

// 1. Every package, exactly as locked, without running install scripts yet.
run(['ci', '--no-audit', '--no-fund', '--ignore-scripts']);

// 2. The install scripts of the packages that have them, except the one taken from the cache.
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const withScripts = Object.entries(lock.packages)
  .filter(([where, entry]) => where.startsWith('node_modules/') && entry.hasInstallScript)
  .map(([where]) => where.slice('node_modules/'.length));
const addon = 'better-sqlite3';
const others = withScripts.filter((name) => name !== addon);
if (others.length > 0) run(['rebuild', ...others]);

// 3. The SQLite addon: from the cache when one was built for this very version, ABI and platform.
if (withScripts.includes(addon)) {
  const { version } = JSON.parse(
    fs.readFileSync(path.join(root, 'node_modules', addon, 'package.json'), 'utf8'),
  );
  const cacheDir = path.join(
    process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'),
    'vehicle-contact',
    'prebuilds',
  );
  const cached = path.join(
    cacheDir,
    `${addon}-${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.node`,
  );
  const built = path.join(root, 'node_modules', addon, 'build', 'Release', 'better_sqlite3.node');
  const loads = () =>
    spawnSync(process.execPath, ['-e', `new (require(${JSON.stringify(addon)}))(':memory:').close()`], {
      cwd: root,
      stdio: 'ignore',
    }).status === 0;

  let fromCache = false;
  if (fs.existsSync(cached)) {
    fs.mkdirSync(path.dirname(built), { recursive: true });
    fs.copyFileSync(cached, built);
    fromCache = loads();
    if (!fromCache) process.stdout.write(`The cached ${path.basename(cached)} does not load; building it.\n`);
  }
  if (fromCache) {
    process.stdout.write(`${addon} ${version}: the addon built earlier for this Node (${cached}).\n`);
  } else {
    run(['rebuild', addon]);
    if (!loads()) throw new Error(`${addon} was built but does not load`);
    fs.mkdirSync(cacheDir, { recursive: true });
    const partial = `${cached}.${process.pid}.tmp`;
    fs.copyFileSync(built, partial);
    fs.renameSync(partial, cached);
    process.stdout.write(`${addon} ${version}: built, and kept for the next run (${cached}).\n`);
  }
}
