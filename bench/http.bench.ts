// GET /api/health, GET /api/auth/user (signed in) and GET /api/conversations (50 conversations), on SQLite
// and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL, against a bare node:http server measured
// in the same run.
import { createTestDatabase } from '../src/server/test/databases.js';
import { vehicleBody } from '../src/server/test/factories.js';
import {
  benchEngines,
  compareWithBare,
  postgresAdminUrl,
  printTable,
  signedInCookie,
  startAppServer,
  startBareServer,
} from './lib.js';

const CONVERSATIONS = 50;

/** Gives the signed-in owner a vehicle and CONVERSATIONS conversations, each begun by another visitor. */
async function fillInbox(app: { url: string; origin: string }, cookie: string) {
  const post = (path: string, body: object, headers: Record<string, string> = {}) =>
    fetch(new URL(path, app.url), {
      method: 'POST',
      headers: { origin: app.origin, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const registered = await post('/api/vehicles', vehicleBody(), { cookie });
  if (registered.status !== 201) throw new Error(`vehicle: ${registered.status} ${await registered.text()}`);
  const { id: vehicleId } = (await registered.json()) as { id: string };
  for (let index = 0; index < CONVERSATIONS; index += 1) {
    // No visitor cookie sent back: every message comes from a new visitor, so a new conversation.
    const sent = await post('/api/messages/anonymous', {
      vehicleId,
      content: `Your lights are on (${index})`,
    });
    if (sent.status !== 201) throw new Error(`message: ${sent.status} ${await sent.text()}`);
  }
}

const bare = await startBareServer();
try {
  for (const engine of benchEngines()) {
    const database = await createTestDatabase(engine, postgresAdminUrl);
    // The server holds an SQLite file alone (docs/decisions/0118-sqlite-held-alone.md).
    await database.close();
    const app = await startAppServer(database.serverEnv);
    try {
      const cookie = await signedInCookie(app);
      await fillInbox(app, cookie);
      const compared = await compareWithBare(bare.url, [
        { name: 'GET /api/health', url: `${app.url}/api/health` },
        { name: 'GET /api/auth/user (signed in)', url: `${app.url}/api/auth/user`, headers: { cookie } },
        {
          name: `GET /api/conversations (${CONVERSATIONS})`,
          url: `${app.url}/api/conversations`,
          headers: { cookie },
        },
      ]);
      printTable(`HTTP on ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} (20 connections)`, compared);
    } finally {
      await app.stop();
      await database.drop();
    }
  }
} finally {
  bare.stop();
}
