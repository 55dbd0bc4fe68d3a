import { type Kysely, sql } from 'kysely';
import { SAMPLE_VEHICLE } from '../../../shared/vehicles/sample.js';
import { generateShortCode, pickVerificationWord } from '../../vehicles/sticker-codes.js';

// Every vehicle gets a short code to type and a verification word (issue 34, docs/decisions/
// 0155-sticker-codes.md). The columns are added nullable (SQLite cannot add a NOT NULL column without a
// default, and a default would break the unique index); every existing vehicle is given its code and word
// here, the sample its fixed ones, and the app writes both on every insert and rotation.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vehicles').addColumn('short_code', 'text').execute();
  await db.schema.alterTable('vehicles').addColumn('verification_word', 'text').execute();
  const { rows } = await sql<{ id: string }>`select id from vehicles`.execute(db);
  const given = new Set<string>([SAMPLE_VEHICLE.shortCode]);
  for (const { id } of rows) {
    const sample = id === SAMPLE_VEHICLE.id;
    let shortCode = sample ? SAMPLE_VEHICLE.shortCode : generateShortCode();
    while (!sample && given.has(shortCode)) shortCode = generateShortCode();
    given.add(shortCode);
    const verificationWord = sample ? SAMPLE_VEHICLE.verificationWord : pickVerificationWord();
    await sql`update vehicles set short_code = ${shortCode}, verification_word = ${verificationWord}
      where id = ${id}`.execute(db);
  }
  await db.schema
    .createIndex('vehicles_short_code_idx')
    .on('vehicles')
    .column('short_code')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('vehicles_short_code_idx').execute();
  await db.schema.alterTable('vehicles').dropColumn('verification_word').execute();
  await db.schema.alterTable('vehicles').dropColumn('short_code').execute();
}
