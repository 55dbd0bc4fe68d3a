import fs from 'node:fs';

/** Removes the run's temporary database and outbox, unless the caller chose the directory (E2E_DATA_DIR). */
export default function globalTeardown() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (process.env.E2E_TEMPORARY_DATA_DIR === '1' && dataDir)
    fs.rmSync(dataDir, { recursive: true, force: true });
}
