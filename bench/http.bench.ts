// GET /api/health and GET /api/auth/user (signed in) against a bare node:http server, same run.
import { measure, printTable, signedInCookie, startAppServer, startBareServer } from './lib.js';

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const bare = await startBareServer();
const app = await startAppServer();
try {
  const cookie = await signedInCookie(app);
  const baseline = await measure(`${bare.url}/`);
  const health = await measure(`${app.url}/api/health`);
  const user = await measure(`${app.url}/api/auth/user`, { headers: { cookie } });
  printTable(`HTTP (${engine}, 20 connections)`, baseline, [
    ['GET /api/health', health],
    ['GET /api/auth/user (signed in)', user],
  ]);
} finally {
  bare.stop();
  app.stop();
}
