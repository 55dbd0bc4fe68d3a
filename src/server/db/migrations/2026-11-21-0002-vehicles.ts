import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vehicles')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('make', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('year', 'text', (col) => col.notNull())
    .addColumn('license_plate', 'text', (col) => col.notNull())
    .addColumn('plate_key', 'text', (col) => col.notNull())
    .addColumn('color', 'text', (col) => col.notNull())
    .addColumn('display_name', 'text')
    .addColumn('vehicle_type', 'text', (col) => col.notNull())
    .addColumn('is_active', 'integer', (col) => col.notNull())
    .addColumn('qr_code', 'text', (col) => col.notNull().unique())
    .addColumn('theme_preset', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('removed_at', 'bigint')
    .execute();
  // One active vehicle per normalized plate, enforced by the database (ADDENDUM §4).
  await sql`create unique index vehicles_active_plate_key_idx on vehicles (plate_key) where is_active = 1`.execute(
    db,
  );
  await db.schema
    .createIndex('vehicles_owner_idx')
    .on('vehicles')
    .columns(['owner_id', 'is_active'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vehicles').execute();
}
