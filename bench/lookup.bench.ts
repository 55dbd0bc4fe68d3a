// Plate and QR lookups with 100,000 registered vehicles, on SQLite and (with BENCH_DATABASE_URL or
// TEST_DATABASE_URL) PostgreSQL, against a bare node:http server measured in the same run.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openPostgres, openSqlite } from '../src/server/db/index.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { plateKey } from '../src/shared/vehicles/plates.js';
import { type Figures, measure, printTable, startAppServer, startBareServer } from './lib.js';

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
  await migrateToLatest(handle.db);
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
      return {
        id: randomUUID(),
        ownerId,
        make: 'Toyota',
        model: 'Camry',
        year: '2020',
        licensePlate,
        plateKey: plateKey(licensePlate),
        color: 'blue',
        displayName: null,
        vehicleType: 'sedan',
        isActive: 1,
        qrCode,
        themePreset: 'default',
        createdAt: now,
        updatedAt: now,
        removedAt: null,
      };
    });
    await handle.db.insertInto('vehicles').values(rows).execute();
  }
  return { plates, codes };
}

async function benchEngine(
  name: string,
  open: () => Promise<{ handle: DatabaseHandle; env: Record<string, string>; drop: () => Promise<void> }>,
  baseline: Figures,
) {
  const { handle, env, drop } = await open();
  const started = Date.now();
  const { plates, codes } = await seed(handle);
  await handle.close();
  process.stdout.write(
    `\n${name}: seeded ${VEHICLES} vehicles in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  const app = await startAppServer(env);
  try {
    const plateFigures = await measure(`${app.url}/api/vehicles/lookup/${plates[0]}`, {
      paths: plates.map(
        (plate) => `/api/vehicles/lookup/${encodeURIComponent(plate.toLowerCase().replace('-', ' '))}`,
      ),
    });
    const qrFigures = await measure(`${app.url}/api/vehicles/qr/${codes[0]}`, {
      paths: codes.map((code) => `/api/vehicles/qr/${code}`),
    });
    printTable(`Lookups on ${name} with ${VEHICLES} vehicles (20 connections)`, baseline, [
      ['GET /api/vehicles/lookup/{plate}', plateFigures],
      ['GET /api/vehicles/qr/{code}', qrFigures],
    ]);
  } finally {
    app.stop();
    await drop();
  }
}

const bare = await startBareServer();
try {
  const baseline = await measure(`${bare.url}/`);
  await benchEngine(
    'SQLite',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vc-bench-'));
      return {
        handle: openSqlite(path.join(dataDir, 'app.db')),
        env: { DATA_DIR: dataDir },
        drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
      };
    },
    baseline,
  );

  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    await benchEngine(
      'PostgreSQL',
      async () => {
        const name = `vc_bench_${randomBytes(4).toString('hex')}`;
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${name}`);
        await admin.end();
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        return {
          handle: openPostgres(url.toString()),
          env: { DATABASE_URL: url.toString() },
          drop: async () => {
            const cleanup = new pg.Client({ connectionString: adminUrl });
            await cleanup.connect();
            await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            await cleanup.end();
          },
        };
      },
      baseline,
    );
  } else {
    process.stdout.write('\nSKIPPED: PostgreSQL lookups (set BENCH_DATABASE_URL or TEST_DATABASE_URL)\n');
  }
} finally {
  bare.stop();
}
