import { CompiledQuery } from 'kysely';
import type { Db } from '../db/index.js';

/** The trivial query, compiled once: health is asked often (load balancers, monitors). */
const PROBE = CompiledQuery.raw('select 1');

export function createHealthRepo(db: Db) {
  return {
    /** Whether the database answers a trivial query; any failure counts as down. */
    async isDatabaseUp(): Promise<boolean> {
      try {
        await db.executeQuery(PROBE);
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type HealthRepo = ReturnType<typeof createHealthRepo>;
