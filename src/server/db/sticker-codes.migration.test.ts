import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_VEHICLE } from '../../shared/vehicles/sample.js';
import { VERIFICATION_WORDS } from '../../shared/vehicles/verification-words.js';
import { createTestDatabase, type TestDatabase, testEngines } from '../test/databases.js';
import { uniqueEmail } from '../test/test-app.js';
import { migrateTo, migrateToLatest } from './migrate.js';

const BEFORE = '2026-11-28-0019-conversation-outlives-vehicle';
const CROCKFORD_CODE = /^[0-9A-HJKMNP-TV-Z]{8}$/;

/** Migration 0020 (decision 0155): every vehicle already there gets its own short code and word. */
describe.each(testEngines)('the sticker-codes migration on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it('gives existing vehicles unique codes and listed words, the sample its fixed ones, down and up', async () => {
    const { db } = database;
    await migrateTo(db, BEFORE);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const userId = `sticker-owner-${i}`;
      await sql`insert into users (id, email, password_hash, first_name, last_name, auth_provider,
          oidc_subject, email_verified, created_at, updated_at)
        values (${userId}, ${uniqueEmail(`sticker${i}`)}, null, null, null, 'email', null, 1, 0, 0)`.execute(
        db,
      );
      const id = `sticker-vehicle-${i}`;
      await sql`insert into vehicles (id, owner_id, make, model, year, license_plate, plate_key, color,
          display_name, vehicle_type, is_active, qr_code, theme_preset, created_at, updated_at, removed_at)
        values (${id}, ${userId}, 'Toyota', 'Camry', '2020', ${`STK-${i}`}, ${`STK${i}`}, 'blue', null,
          'sedan', ${i % 3 === 0 ? 0 : 1}, ${`sticker-qr-${i}`}, 'default', 0, 0, null)`.execute(db);
      ids.push(id);
    }
    await migrateToLatest(db);

    const rows = await db
      .selectFrom('vehicles')
      .select(['id', 'shortCode', 'verificationWord'])
      .where('id', 'in', ids)
      .execute();
    expect(rows).toHaveLength(ids.length);
    for (const row of rows) {
      expect(row.shortCode).toMatch(CROCKFORD_CODE);
      expect(VERIFICATION_WORDS).toContain(row.verificationWord);
    }
    expect(new Set(rows.map((row) => row.shortCode)).size).toBe(ids.length);
    const sample = await db
      .selectFrom('vehicles')
      .select(['shortCode', 'verificationWord'])
      .where('id', '=', SAMPLE_VEHICLE.id)
      .executeTakeFirstOrThrow();
    expect(sample).toEqual({ shortCode: 'SAMP1E00', verificationWord: 'MAPLE' });

    const [first, second] = rows;
    await expect(
      db
        .updateTable('vehicles')
        .set({ shortCode: first?.shortCode })
        .where('id', '=', second?.id ?? '')
        .execute(),
    ).rejects.toThrow();
  });
});
