// Plate and QR lookups with 100,000 registered vehicles, on SQLite and (with BENCH_DATABASE_URL or
// TEST_DATABASE_URL) PostgreSQL, against a bare node:http server measured in the same run.
import { randomBytes, randomUUID } from 'node:crypto';
import type { DatabaseHandle, Engine } from '../src/server/db/index.js';
import { createTestDatabase } from '../src/server/test/databases.js';
import {
  benchEngines,
  benchVehicleRow,
  compareWithBare,
  postgresAdminUrl,
  printTable,
  startAppServer,
  startBareServer,
} from './lib.js';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 100_000);
const SAMPLES = 2_000;

function plateFor(index: number) {
  const letters = 'BCDFGHJKLMNPQRSTVWZ';
  const a = letters[index % 19] ?? 'B';
  const b = letters[Math.floor(index / 19) % 19] ?? 'B';
  const c = letters[Math.floor(index / 361) % 19] ?? 'B';
  return `${a}${b}${c}-${String(Math.floor(index / 6859)).padStart(4, '0')}`;
}

/** Fills a migrated database with one owner and VEHICLES vehicles; answers sample plates and codes. */
async function seed(handle: DatabaseHandle) {
  const ownerId = randomUUID();
  const now = Date.now();
  await handle.db
    .insertInto('users')
    .values({
      id: ownerId,
      email: `fleet-${ownerId}@example.org`,
      passwordHash: null,
      firstName: null,
      lastName: null,
      authProvider: 'email',
      oidcSubject: null,
      emailVerified: 1,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const plates: string[] = [];
  const codes: string[] = [];
  const batch = 500;
  for (let start = 0; start < VEHICLES; start += batch) {
    const rows = Array.from({ length: Math.min(batch, VEHICLES - start) }, (_, offset) => {
      const licensePlate = plateFor(start + offset);
      const qrCode = randomBytes(16).toString('base64url');
      if ((start + offset) % Math.ceil(VEHICLES / SAMPLES) === 0) {
        plates.push(licensePlate);
        codes.push(qrCode);
      }
      return benchVehicleRow({ id: randomUUID(), ownerId, licensePlate, qrCode, now });
    });
    await handle.db.insertInto('vehicles').values(rows).execute();
  }
  return { plates, codes };
}

async function benchEngine(engine: Engine, bareUrl: string) {
  const name = engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const database = await createTestDatabase(engine, postgresAdminUrl);
  const started = Date.now();
  const { plates, codes } = await seed(database);
  process.stdout.write(
    `\n${name}: seeded ${VEHICLES} vehicles in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  // The server holds an SQLite file alone (docs/decisions/0118-sqlite-held-alone.md).
  await database.close();
  const app = await startAppServer(database.serverEnv);
  try {
    const compared = await compareWithBare(bareUrl, [
      {
        name: 'GET /api/vehicles/lookup/{plate}',
        url: `${app.url}/api/vehicles/lookup/${plates[0]}`,
        paths: plates.map(
          (plate) => `/api/vehicles/lookup/${encodeURIComponent(plate.toLowerCase().replace('-', ' '))}`,
        ),
      },
      {
        name: 'GET /api/vehicles/qr/{code}',
        url: `${app.url}/api/vehicles/qr/${codes[0]}`,
        paths: codes.map((code) => `/api/vehicles/qr/${code}`),
      },
    ]);
    printTable(`Lookups on ${name} with ${VEHICLES} vehicles (20 connections)`, compared);
  } finally {
    await app.stop();
    await database.drop();
  }
}

const bare = await startBareServer();
try {
  for (const engine of benchEngines()) await benchEngine(engine, bare.url);
} finally {
  bare.stop();
}
