// The registry this project is built against lacks some platform builds of native tools (biome,
// tailwind's oxide) for platforms we never run on, so `npm install` leaves them out of
// package-lock.json and `npm ci` then refuses the lockfile. This adds each missing optional platform
// package as an entry restricted to its platform, exactly as a complete lockfile has it; npm skips
// them here and fetches them on the platforms that need them. Run it after `npm install`.
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;

function platformOf(name) {
  const os = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'netbsd', 'sunos', 'aix'].find(
    (o) => name.includes(o),
  );
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'wasm32', 'riscv64', 'ppc64', 's390x', 'loong64'].find((c) =>
    name.includes(`-${c}`),
  );
  const libc = name.includes('musl') ? 'musl' : name.includes('-gnu') && os === 'linux' ? 'glibc' : undefined;
  return { os, cpu, libc };
}

const added = [];
for (const [key, entry] of Object.entries(packages)) {
  for (const [dependency, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${key ? `${key}/` : ''}node_modules/${dependency}`;
    if (packages[nested] || packages[`node_modules/${dependency}`]) continue;
    const { os, cpu, libc } = platformOf(dependency);
    if (!cpu) throw new Error(`cannot tell the platform of ${dependency}; add it by hand`);
    packages[`node_modules/${dependency}`] = {
      version,
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(entry.dev ? { dev: true } : {}),
      ...(libc ? { libc: [libc] } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
    };
    added.push(dependency);
  }
}
// npm's own order (locale compare), so `npm install` leaves the file as it is.
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))),
);
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(
  added.length
    ? `Added ${added.length} platform entries: ${added.join(', ')}\n`
    : 'package-lock.json is complete\n',
);
