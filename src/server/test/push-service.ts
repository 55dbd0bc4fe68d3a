import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Engine } from '../db/index.js';
import { testPushCertificate } from './push-certificate.js';
import { createTestApp } from './test-app.js';

/** What the test push service received: the request as it came, and its payload decrypted. */
export interface ReceivedPush {
  subscription: string;
  headers: Record<string, string | string[] | undefined>;
  /** The VAPID JWT's claims, after checking its signature against the key in the header. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
  plaintext: string;
}

/** A browser's subscription: its keys, as a browser makes them, and the private half to decrypt with. */
export interface TestSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * An https push service on loopback (RFC 8030): accepts POSTs to /push/{id}, checks the VAPID JWT
 * (RFC 8292) and decrypts the aes128gcm body (RFC 8291, RFC 8188) with the subscription's private key.
 * `respond` decides each answer: a status, or "hang" to never answer. `port` 0 takes a free one; the browser
 * journeys name theirs, as the server they start must list it in PUSH_SERVICE_HOSTS (playwright.config.ts).
 */
export async function startTestPushService(port = 0) {
  const { certFile, keyFile } = testPushCertificate();
  const received: ReceivedPush[] = [];
  const failures: string[] = [];
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const responses = new Map<string, number | 'hang'>();
  const hanging = new Set<import('node:http').ServerResponse>();

  const server = https.createServer({ cert: fs.readFileSync(certFile), key: fs.readFileSync(keyFile) });
  server.on('request', (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = (request.url ?? '').replace(/^\/push\//, '');
      const subscriber = keys.get(id);
      const respond = responses.get(id) ?? 201;
      if (request.method !== 'POST' || !subscriber) {
        response.writeHead(404).end();
        return;
      }
      try {
        const vapid = checkVapid(String(request.headers.authorization ?? ''));
        const plaintext = decrypt(Buffer.concat(chunks), subscriber.ecdh, subscriber.auth);
        received.push({ subscription: id, headers: request.headers, vapid, plaintext });
      } catch (error) {
        failures.push(String(error));
        response.writeHead(400).end();
        return;
      }
      if (respond === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(respond).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const host = `localhost:${(server.address() as AddressInfo).port}`;

  return {
    /** The PUSH_SERVICE_HOSTS entry that names this service. */
    host,
    received,
    /** Requests it could not verify or decrypt: a test expects none. */
    failures,
    /** A new browser subscription on this service. */
    subscribe(): TestSubscription {
      const id = b64url(randomBytes(12));
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(id, { ecdh, auth });
      return {
        id,
        endpoint: `https://${host}/push/${id}`,
        p256dh: b64url(ecdh.getPublicKey()),
        auth: b64url(auth),
      };
    },
    /**
     * The same browser subscribing again: the endpoint stays, its keys are new (pushes encrypted with the
     * old ones no longer decrypt).
     */
    renew(subscription: TestSubscription): TestSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(subscription.id, { ecdh, auth });
      return { ...subscription, p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) };
    },
    /** How the service answers pushes to `id` from now on. */
    respondWith(id: string, answer: number | 'hang') {
      responses.set(id, answer);
    },
    /** Answers every push left hanging so far with `status`. */
    answerHanging(status: number) {
      for (const response of hanging) response.writeHead(status).end();
      hanging.clear();
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Verifies `vapid t=<jwt>, k=<key>`: ES256 over the JWT with the key the header names. */
function checkVapid(header: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID Authorization header: ${header.slice(0, 20)}`);
  const [, jwt = '', key = ''] = match;
  const [head = '', body = '', signature = ''] = jwt.split('.');
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256')
    throw new Error('VAPID alg is not ES256');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  return { ...claims, publicKey: key };
}

/** RFC 8291 + RFC 8188: one aes128gcm record, keyed by ECDH with the sender's key and the auth secret. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublic]);
  const ikm = hmac(hmac(authSecret, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with 0x02 and then zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export type TestPushService = Awaited<ReturnType<typeof startTestPushService>>;

/**
 * A test app whose pushes go to a push service of its own on loopback (the VAPID subject set, the service's
 * host allowed), and what closes both.
 */
export async function createTestAppWithPushService(engine: Engine) {
  const service = await startTestPushService();
  const t = await createTestApp(engine, {
    env: { VAPID_SUBJECT: 'mailto:operators@example.org' },
    config: { pushServiceHosts: [service.host] },
  });
  return {
    t,
    service,
    close: async () => {
      await t.close();
      await service.close();
    },
  };
}
