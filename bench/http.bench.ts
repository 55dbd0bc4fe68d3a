// GET /api/health and GET /api/auth/user (signed in), on SQLite and (with BENCH_DATABASE_URL or
// TEST_DATABASE_URL) PostgreSQL, against a bare node:http server measured in the same run.
import { createTestDatabase } from '../src/server/test/databases.js';
import {
  benchEngines,
  measure,
  postgresAdminUrl,
  printTable,
  signedInCookie,
  startAppServer,
  startBareServer,
} from './lib.js';

const bare = await startBareServer();
try {
  const baseline = await measure(`${bare.url}/`);
  for (const engine of benchEngines()) {
    const database = await createTestDatabase(engine, postgresAdminUrl);
    const app = await startAppServer(database.serverEnv);
    try {
      const cookie = await signedInCookie(app);
      const health = await measure(`${app.url}/api/health`);
      const user = await measure(`${app.url}/api/auth/user`, { headers: { cookie } });
      printTable(`HTTP on ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} (20 connections)`, baseline, [
        ['GET /api/health', health],
        ['GET /api/auth/user (signed in)', user],
      ]);
    } finally {
      app.stop();
      await database.drop();
    }
  }
} finally {
  bare.stop();
}
