import { sql } from 'kysely';
import type { Db } from '../db/index.js';

export function createHealthRepo(db: Db) {
  return {
    /** Whether the database answers a trivial query; any failure counts as down. */
    async isDatabaseUp(): Promise<boolean> {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type HealthRepo = ReturnType<typeof createHealthRepo>;
