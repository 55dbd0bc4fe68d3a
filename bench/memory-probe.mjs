// Preloaded into a benchmarked server (node --expose-gc --import): on SIGUSR2 it collects garbage and
// writes process.memoryUsage() as JSON to MEMORY_PROBE_FILE, so a benchmark can read the server's own
// memory at quiet moments; with MEMORY_PROBE_SNAPSHOTS set to a folder, it also writes a heap snapshot
// there (open it in Chrome's DevTools to see what the memory holds). A benchmark tool only: the app never
// loads it.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

const file = process.env.MEMORY_PROBE_FILE;
if (file && typeof globalThis.gc === 'function') {
  process.on('SIGUSR2', () => {
    globalThis.gc();
    globalThis.gc();
    const usage = process.memoryUsage();
    const snapshots = process.env.MEMORY_PROBE_SNAPSHOTS;
    if (snapshots)
      v8.writeHeapSnapshot(path.join(snapshots, `server-${process.pid}-${Date.now()}.heapsnapshot`));
    fs.writeFileSync(file, JSON.stringify({ at: Date.now(), ...usage }));
  });
}
