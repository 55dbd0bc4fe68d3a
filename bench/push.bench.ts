// Push dispatch: how fast one server drains a queue of notifications to an https push service on
// loopback (claim, encrypt aes128gcm, sign VAPID once per origin, POST, delete), beside the bare cost of
// web-push's encryption measured in the same run. The server runs on core 0; this process (the push
// service, which also decrypts every push) on core 1. BENCH_PUSHES sets the queue's length.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import webpush from 'web-push';
import { createTestDatabase } from '../src/server/test/databases.js';
import { testPushCertificate } from '../src/server/test/push-certificate.js';
import { startTestPushService } from '../src/server/test/push-service.js';
import { benchUserRow, startAppServer } from './lib.js';

const PUSHES = Number(process.env.BENCH_PUSHES ?? 5_000);
const USERS = 500;
const payload = JSON.stringify({
  title: 'New message for your 2020 Toyota Camry (ABC-1234)',
  body: 'Your lights are on',
  tag: 'conversation-0190f3c2-7a4e-7000-8000-000000000000',
  url: '/conversations?open=0190f3c2-7a4e-7000-8000-000000000000',
  conversationId: '0190f3c2-7a4e-7000-8000-000000000000',
  unreadCount: 1,
});

const service = await startTestPushService();
try {
  // The bare cost: encryption alone, in this process, for 3 seconds.
  const subscriber = service.subscribe();
  let encrypted = 0;
  const until = performance.now() + 3_000;
  const startedAt = performance.now();
  while (performance.now() < until) {
    webpush.encrypt(subscriber.p256dh, subscriber.auth, payload, 'aes128gcm');
    encrypted += 1;
  }
  const encryptionsPerSecond = encrypted / ((performance.now() - startedAt) / 1000);

  // `normal` locking on both sides: the bench makes the queued pushes due while the server runs
  // (docs/decisions/0118-sqlite-held-alone.md); the drain's cost is the push service's and the crypto's.
  const database = await createTestDatabase('sqlite', undefined, { sqliteLockingMode: 'normal' });
  const now = Date.now();
  const keys = webpush.generateVAPIDKeys();
  const users = Array.from({ length: USERS }, () => ({ id: randomUUID(), browser: service.subscribe() }));
  for (let start = 0; start < USERS; start += 250) {
    const batch = users.slice(start, start + 250);
    await database.db
      .insertInto('users')
      .values(batch.map(({ id }) => benchUserRow({ id, email: `push-${id}@example.org`, now })))
      .execute();
    await database.db
      .insertInto('pushSubscriptions')
      .values(
        batch.map(({ id, browser }) => ({
          id: randomUUID(),
          userId: id,
          endpoint: browser.endpoint,
          p256dh: browser.p256dh,
          auth: browser.auth,
          vapidPublicKey: keys.publicKey,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
  }
  for (let start = 0; start < PUSHES; start += 500) {
    await database.db
      .insertInto('pushJobs')
      .values(
        Array.from({ length: Math.min(500, PUSHES - start) }, (_, offset) => ({
          id: randomUUID(),
          userId: (users[(start + offset) % USERS] as (typeof users)[number]).id,
          subscriptionId: null,
          payload,
          urgency: 'high',
          attempts: 0,
          // Not due until the server is up and measuring.
          nextAttemptAt: now + 3_600_000,
          createdAt: now,
          expiresAt: now + 24 * 3_600_000,
        })),
      )
      .execute();
  }

  const app = await startAppServer({
    ...database.serverEnv,
    SQLITE_LOCKING_MODE: 'normal',
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    VAPID_SUBJECT: 'mailto:bench@example.org',
    PUSH_SERVICE_HOSTS: service.host,
    NODE_EXTRA_CA_CERTS: testPushCertificate().certFile,
  });
  try {
    // Everything due now: the dispatcher drains it every 5 s and at once after a message.
    const dueAt = Date.now();
    await database.db.updateTable('pushJobs').set({ nextAttemptAt: dueAt }).execute();
    const seenAt = service.received.length;
    const deadline = performance.now() + 300_000;
    const waitUntil = async (done: () => boolean) => {
      while (!done() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    // The dispatcher's next tick (at most 5 s) starts the drain: measured from its first push.
    await waitUntil(() => service.received.length > seenAt);
    const measuredFrom = performance.now();
    const firstCount = service.received.length;
    await waitUntil(() => service.received.length - seenAt >= PUSHES);
    const pushed = service.received.length - firstCount;
    const seconds = (performance.now() - measuredFrom) / 1000;
    const lines = [
      `\nPush dispatch: ${PUSHES} queued notifications to ${USERS} subscriptions on a loopback https push service`,
      `  bare web-push encryption (this process, one core): ${encryptionsPerSecond.toFixed(0)} encryptions/s`,
      `  server drain (one instance, SQLite, one core):      ${(pushed / seconds).toFixed(0)} pushes/s (${pushed} in ${seconds.toFixed(1)} s)`,
      `  ratio to bare encryption:                            ${(pushed / seconds / encryptionsPerSecond).toFixed(3)}`,
      `  undecryptable pushes: ${service.failures.length}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await app.stop();
    await database.close();
    fs.rmSync(database.serverEnv.DATA_DIR as string, { recursive: true, force: true });
  }
} finally {
  await service.close();
}
