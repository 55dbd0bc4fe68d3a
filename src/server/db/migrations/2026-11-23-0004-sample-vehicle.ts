import { type Kysely, SqliteAdapter, sql } from 'kysely';
import { SAMPLE_VEHICLE } from '../../../shared/vehicles/sample.js';

/**
 * The built-in sample vehicle (docs/decisions/0045-sample-vehicle.md): owned by no account, so
 * vehicles.owner_id becomes nullable. SQLite cannot drop NOT NULL in place: the table is rebuilt (nothing
 * references vehicles yet). Its plate key cannot be produced by any plate, so no lookup reaches it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`create table vehicles_new (
      id text primary key,
      owner_id text references users(id) on delete cascade,
      make text not null,
      model text not null,
      year text not null,
      license_plate text not null,
      plate_key text not null,
      color text not null,
      display_name text,
      vehicle_type text not null,
      is_active integer not null,
      qr_code text not null unique,
      theme_preset text not null,
      created_at bigint not null,
      updated_at bigint not null,
      removed_at bigint
    )`.execute(db);
    await sql`insert into vehicles_new select id, owner_id, make, model, year, license_plate, plate_key,
      color, display_name, vehicle_type, is_active, qr_code, theme_preset, created_at, updated_at, removed_at
      from vehicles`.execute(db);
    await sql`drop table vehicles`.execute(db);
    await sql`alter table vehicles_new rename to vehicles`.execute(db);
    await sql`create unique index vehicles_active_plate_key_idx on vehicles (plate_key) where is_active = 1`.execute(
      db,
    );
    await sql`create index vehicles_owner_idx on vehicles (owner_id, is_active)`.execute(db);
  } else {
    await sql`alter table vehicles alter column owner_id drop not null`.execute(db);
  }

  const { id, qrCode, make, model, year, color, vehicleType, displayName, licensePlate, themePreset } =
    SAMPLE_VEHICLE;
  await sql`insert into vehicles (id, owner_id, make, model, year, license_plate, plate_key, color,
      display_name, vehicle_type, is_active, qr_code, theme_preset, created_at, updated_at, removed_at)
    values (${id}, null, ${make}, ${model}, ${year}, ${licensePlate}, ${'#sample'}, ${color},
      ${displayName}, ${vehicleType}, 1, ${qrCode}, ${themePreset}, 0, 0, null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from vehicles where owner_id is null`.execute(db);
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table vehicles alter column owner_id set not null`.execute(db);
  }
}
