import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { insertOwnerWithVehicle } from '../test/factories.js';
import { killServerProcesses, startServerProcess, waitForOutput } from '../test/server-process.js';

afterEach(killServerProcesses);

/** An owner and a vehicle written straight into a fresh embedded database, before the server starts. */
async function seedVehicle(dataDir: string): Promise<string> {
  const database = openSqlite(path.join(dataDir, 'app.db'));
  try {
    await migrateToLatest(database.db);
    const { vehicleId } = await insertOwnerWithVehicle(database.db, {
      email: 'owner@example.org',
      licensePlate: 'DUR-1234',
      qrCode: 'durability-test-code',
    });
    return vehicleId;
  } finally {
    await database.close();
  }
}

describe('an acknowledged message survives kill -9 (ADDENDUM §10)', () => {
  it('every message answered 201 before the kill is stored after it, and none twice', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vc-durability-'));
    const vehicleId = await seedVehicle(dataDir);
    const server = await startServerProcess({ DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '1000' });
    await waitForOutput(server, /is running at/);
    const origin = `http://localhost:${server.port}`;

    const acknowledged = new Map<string, string>();
    let next = 0;
    let isKilled = false;
    const sender = async () => {
      while (!isKilled) {
        const content = `message ${next++}`;
        try {
          const response = await fetch(`http://127.0.0.1:${server.port}/api/messages/anonymous`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin },
            body: JSON.stringify({ vehicleId, content }),
          });
          if (response.status === 201) acknowledged.set(content, (await response.json()).id);
        } catch {
          // The server died under this request: it was never acknowledged.
        }
      }
    };
    const senders = Array.from({ length: 16 }, sender);
    await expect.poll(() => acknowledged.size, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(200);
    server.kill();
    isKilled = true;
    await Promise.all(senders);
    await server.exited;

    const database = openSqlite(path.join(dataDir, 'app.db'));
    try {
      const rows = await database.db.selectFrom('messages').select(['id', 'content']).execute();
      const stored = new Map(rows.map((row) => [row.content, row.id]));
      expect(rows.length).toBe(stored.size); // no content stored twice
      for (const [content, id] of acknowledged) expect(stored.get(content), content).toBe(id);
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
