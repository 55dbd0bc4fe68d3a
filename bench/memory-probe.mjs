// Preloaded into a benchmarked server (node --expose-gc --import): on SIGUSR2 it collects garbage and
// writes process.memoryUsage() as JSON to MEMORY_PROBE_FILE, so a benchmark can read the server's own
// memory at quiet moments. A benchmark tool only: the app never loads it.
import fs from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
if (file && typeof globalThis.gc === 'function') {
  process.on('SIGUSR2', () => {
    globalThis.gc();
    globalThis.gc();
    fs.writeFileSync(file, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
  });
}
