import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { openSqlite } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { insertOwnerWithVehicle } from '../test/factories.js';
import { startTestPushService } from '../test/push-service.js';
import { killServerProcesses, startServerProcess, waitForOutput } from '../test/server-process.js';
import { createPushRepo } from './push.repo.js';

afterEach(killServerProcesses);

describe('a notification survives kill -9 between the commit and the push (ADDENDUM §10)', () => {
  it('is sent by the next server to start', { timeout: 90_000 }, async () => {
    const service = await startTestPushService();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vc-push-durability-'));
    const keys = webpush.generateVAPIDKeys();
    const browser = service.subscribe();
    const database = openSqlite(path.join(dataDir, 'app.db'));
    let vehicleId: string;
    try {
      await migrateToLatest(database.db);
      const now = Date.now();
      const seeded = await insertOwnerWithVehicle(database.db, {
        email: 'push-owner@example.org',
        licensePlate: 'PSH-1234',
        qrCode: 'push-durability-code',
      });
      const ownerId = seeded.ownerId;
      vehicleId = seeded.vehicleId;
      await createPushRepo(database.db).upsertSubscription({
        id: 'push-durability-subscription',
        userId: ownerId,
        endpoint: browser.endpoint,
        p256dh: browser.p256dh,
        auth: browser.auth,
        vapidPublicKey: keys.publicKey,
        now,
      });
    } finally {
      await database.close();
    }
    const env = {
      DATA_DIR: dataDir,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:operators@example.org',
      PUSH_SERVICE_HOSTS: service.host,
      // A push gives up after 1 s here, not 10: a claim (twice that) runs out after 2 s, not 20.
      PUSH_TIMEOUT_MS: '1000',
      // How an operator trusts a push service's certificate; the server has no switch of its own.
      NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS ?? '',
    };

    try {
      // The push service takes the push and never answers: the server dies with it under way.
      service.respondWith(browser.id, 'hang');
      const first = await startServerProcess(env);
      await waitForOutput(first, /is running at/);
      const sent = await fetch(`http://127.0.0.1:${first.port}/api/messages/anonymous`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${first.port}` },
        body: JSON.stringify({ vehicleId, content: 'Your lights are on' }),
      });
      expect(sent.status).toBe(201);
      await expect.poll(() => service.received.length, { timeout: 20_000 }).toBe(1);
      first.kill();
      await first.exited;

      service.respondWith(browser.id, 201);
      const second = await startServerProcess(env);
      await waitForOutput(second, /is running at/);
      // Once the dead server's claim runs out, the new one sends it.
      await expect.poll(() => service.received.length, { timeout: 60_000, interval: 250 }).toBe(2);
      expect(service.failures).toEqual([]);
      const [before, after] = service.received.map((push) => JSON.parse(push.plaintext));
      expect(after).toEqual(before);
      expect(after).toMatchObject({ body: 'Your lights are on' });
    } finally {
      await service.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
