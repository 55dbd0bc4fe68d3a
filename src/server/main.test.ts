import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { linkIn } from './test/mail.js';
import { startMailSink } from './test/mail-sink.js';
import {
  killServerProcesses,
  type ServerProcess,
  startServerProcess,
  waitForOutput,
} from './test/server-process.js';

afterEach(killServerProcesses);

const startMain = startServerProcess;
type Started = ServerProcess;

describe('the server process', () => {
  it('starts on the embedded database, mails to the outbox, and prints where', async () => {
    const started = await startMain();
    await waitForOutput(started, /Vehicle Contact is running at http:\/\/localhost:\d+/);
    expect(started.output()).toContain(`SQLite at ${path.join(started.dataDir, 'app.db')}`);

    const health = await fetch(`http://127.0.0.1:${started.port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: { engine: 'sqlite', status: 'up' } });

    const register = await fetch(`http://127.0.0.1:${started.port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${started.port}` },
      body: JSON.stringify({ email: 'newcomer@example.org', password: 'Newcomer-Pass-1' }),
    });
    expect(register.status).toBe(201);
    await waitForOutput(
      started,
      /Its link: http:\/\/localhost:\d+\/api\/auth\/verify-email\?token=[\w-]{43}/,
    );
    const outbox = path.join(started.dataDir, 'outbox');
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(outbox, files[0] ?? ''), 'utf8');
    expect(eml).toMatch(/^To: newcomer@example\.org$/m);
    expect(eml).toMatch(/^Subject: Verify your email address$/m);

    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);

    // The embedded database runs in WAL mode and keeps the schema and what was written.
    const sqlite = new SqliteDatabase(path.join(started.dataDir, 'app.db'), { readonly: true });
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqlite.prepare('select count(*) as n from users').get()).toEqual({ n: 1 });
    sqlite.close();
  });

  describe('holds the embedded database alone unless told otherwise (decision 0118)', () => {
    const health = async (server: Started) =>
      (await fetch(`http://127.0.0.1:${server.port}/api/health`)).status;

    it('a second server on the same DATA_DIR refuses to start and says why; the first goes on', async () => {
      const first = await startMain();
      await waitForOutput(first, /is running at/);
      // Another program cannot read the file meanwhile either.
      const reader = new SqliteDatabase(path.join(first.dataDir, 'app.db'), { readonly: true });
      try {
        expect(() => reader.prepare('select count(*) as n from users').get()).toThrow(/locked/);
      } finally {
        reader.close();
      }

      const second = await startMain({ DATA_DIR: first.dataDir });
      expect(await second.exited).not.toBe(0);
      expect(second.output()).toContain(
        `Failed to start: ${path.join(first.dataDir, 'app.db')} is in use by another process`,
      );
      expect(second.output()).toContain('SQLITE_LOCKING_MODE=normal');
      expect(await health(first)).toBe(200);

      // Once the first has stopped, the file is free again.
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      const third = await startMain({ DATA_DIR: first.dataDir });
      await waitForOutput(third, /is running at/);
      expect(await health(third)).toBe(200);
    }, 60_000); // three servers start in turn: a busy 2-core machine needed more than 20 s

    it('with SQLITE_LOCKING_MODE=normal, other programs may read the file while it runs', async () => {
      const started = await startMain({ SQLITE_LOCKING_MODE: 'normal' });
      await waitForOutput(started, /is running at/);
      const reader = new SqliteDatabase(path.join(started.dataDir, 'app.db'), { readonly: true });
      try {
        expect(reader.prepare('select count(*) as n from users').get()).toEqual({ n: 0 });
      } finally {
        reader.close();
      }
      expect(await health(started)).toBe(200);
    });

    it('refuses a locking mode it does not know, naming the variable', async () => {
      const started = await startMain({ SQLITE_LOCKING_MODE: 'shared' });
      expect(await started.exited).not.toBe(0);
      expect(started.output()).toContain('Invalid SQLITE_LOCKING_MODE: must be exclusive or normal');
    });
  });

  describe('prints mail links on the console in outbox mode only, never in the log (decision 0048)', () => {
    const signUpAndForget = async (started: Started, email: string) => {
      const headers = { 'content-type': 'application/json', origin: `http://localhost:${started.port}` };
      const base = `http://127.0.0.1:${started.port}/api/auth`;
      const body = JSON.stringify({ email, password: 'Newcomer-Pass-1' });
      expect((await fetch(`${base}/register`, { method: 'POST', headers, body })).status).toBe(201);
      expect((await fetch(`${base}/forgot-password`, { method: 'POST', headers, body })).status).toBe(200);
    };
    const jsonLines = (output: string) => output.split('\n').filter((line) => line.startsWith('{'));

    it('outbox: each link on a plain line of its own, none in a JSON log line', async () => {
      const started = await startMain({ LOG_LEVEL: 'info' });
      await waitForOutput(started, /is running at/);
      await signUpAndForget(started, 'outbox@example.org');
      await waitForOutput(started, /Its link: \S+\/api\/auth\/verify-email\?token=/);
      await waitForOutput(started, /Its link: \S+\/reset-password\?token=/);
      const logLines = jsonLines(started.output());
      expect(logLines.length).toBeGreaterThan(0); // the request log is on
      for (const line of logLines) {
        expect(line).not.toMatch(/token=|outbox@example\.org/);
      }
    });

    it('SMTP: no link and no address is printed or logged', async () => {
      const sink = await startMailSink();
      try {
        const started = await startMain({
          LOG_LEVEL: 'info',
          SMTP_URL: sink.url,
          MAIL_FROM: 'app@example.org',
        });
        await waitForOutput(started, /mail: SMTP/);
        await signUpAndForget(started, 'smtp@example.org');
        const reset = await sink.waitFor('smtp@example.org', /Reset/);
        await sink.waitFor('smtp@example.org', /Verify/);
        const token = linkIn(reset).searchParams.get('token') ?? '';
        expect(token).not.toBe('');
        expect(started.output()).not.toContain(token);
        expect(started.output()).not.toMatch(/token=|Its link|smtp@example\.org/);
      } finally {
        await sink.close();
      }
    });
  });

  describe("a newcomer's terminal (decision 0135)", () => {
    it('for a person (LOG_FORMAT=pretty): one line per start, none per ordinary request, and each mail link', async () => {
      const started = await startMain({ LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' });
      await waitForOutput(started, /is running at/);
      for (let i = 0; i < 20; i++) await fetch(`http://127.0.0.1:${started.port}/api/health`);
      const register = await fetch(`http://127.0.0.1:${started.port}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${started.port}` },
        body: JSON.stringify({ email: 'terminal@example.org', password: 'Newcomer-Pass-1' }),
      });
      expect(register.status).toBe(201);
      await waitForOutput(started, /Its link: http:\/\/localhost:\d+\/api\/auth\/verify-email\?token=/);

      const lines = started.output().split('\n').filter(Boolean);
      expect(lines.filter((line) => line.includes('is running at'))).toEqual([
        `Vehicle Contact is running at http://localhost:${started.port} · database: SQLite at ${path.join(started.dataDir, 'app.db')} · mail: files in ${path.join(started.dataDir, 'outbox')}, their links printed here`,
      ]);
      expect(lines.filter((line) => line.includes('/api/'))).toEqual([
        expect.stringMatching(/^\s*Its link: http:\/\/localhost:\d+\/api\/auth\/verify-email\?token=/),
      ]);
      expect(lines.some((line) => line.startsWith('{'))).toBe(false);
    });

    it('logs JSON lines, paths without their query, when its output is not a terminal', async () => {
      const started = await startMain({ LOG_LEVEL: 'info' });
      await waitForOutput(started, /is running at/);
      await fetch(`http://127.0.0.1:${started.port}/api/health?token=not-for-the-log`);
      await waitForOutput(started, /"msg":"request completed"/);
      const records = started
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line));
      expect(records.find((record) => record.msg === 'incoming request')?.req).toMatchObject({
        method: 'GET',
        path: '/api/health',
      });
      expect(started.output()).not.toContain('not-for-the-log');
    });

    it("a SIGTERM to `npm start`'s own process stops the server too", async () => {
      const started = await startMain({}, ['npm', 'start', '--silent']);
      await waitForOutput(started, /is running at/);
      const health = () =>
        fetch(`http://127.0.0.1:${started.port}/api/health`).then(
          (response) => response.status,
          () => 'refused',
        );
      expect(await health()).toBe(200);
      started.child.kill('SIGTERM');
      await started.exited;
      await expect.poll(health, { timeout: 10_000 }).toBe('refused');
    });
  });

  it('on SIGTERM stops accepting, finishes the request in flight, then exits', async () => {
    const started = await startMain();
    await waitForOutput(started, /is running at/);
    const body = JSON.stringify({ email: 'slow@example.org' });
    let request: http.ClientRequest | undefined;
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request = http.request(
        {
          host: '127.0.0.1',
          port: started.port,
          method: 'POST',
          path: '/api/auth/forgot-password',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            origin: `http://localhost:${started.port}`,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
    });
    // The request is in flight (headers and half its body sent) when the signal arrives.
    request?.write(body.slice(0, 5));
    await new Promise((resolve) => request?.once('socket', (socket) => socket.once('connect', resolve)));
    await new Promise((resolve) => setTimeout(resolve, 300)); // the server reads the headers
    started.child.kill('SIGTERM');
    const isRefused = () =>
      fetch(`http://127.0.0.1:${started.port}/api/health`).then(
        () => false,
        () => true,
      );
    await expect.poll(isRefused, { timeout: 10_000, interval: 100 }).toBe(true);
    request?.end(body.slice(5));
    const answered = await response;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toEqual({ message: expect.stringContaining('password reset link') });
    expect(await started.exited).toBe(0);
    expect(started.output()).not.toContain('slow@example.org');
  });

  describe('keeps DATA_DIR to its own user', () => {
    const modeOf = (target: string) => fs.statSync(target).mode & 0o7777;

    async function registerThroughOutbox(started: Started) {
      const response = await fetch(`http://127.0.0.1:${started.port}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${started.port}` },
        body: JSON.stringify({ email: `modes-${started.port}@example.org`, password: 'Newcomer-Pass-1' }),
      });
      expect(response.status).toBe(201);
      await waitForOutput(started, /Its link: /);
    }

    /** What the server wrote: the directory, the database with its WAL files, the outbox and a mail. */
    function expectOwnerOnly(dataDir: string) {
      expect(modeOf(dataDir), dataDir).toBe(0o700);
      for (const file of ['app.db', 'app.db-wal']) {
        expect(modeOf(path.join(dataDir, file)), file).toBe(0o600);
      }
      // The log's index is a file only where an earlier run in the `normal` locking mode left one.
      const index = path.join(dataDir, 'app.db-shm');
      if (fs.existsSync(index)) expect(modeOf(index), 'app.db-shm').toBe(0o600);
      const outbox = path.join(dataDir, 'outbox');
      expect(modeOf(outbox), 'outbox').toBe(0o700);
      const mails = fs.readdirSync(outbox);
      expect(mails.length).toBeGreaterThan(0);
      for (const mail of mails) expect(modeOf(path.join(outbox, mail)), mail).toBe(0o600);
    }

    it('creates the directory 700 and the database, its WAL files and the outbox 600', async () => {
      const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vc-main-')), 'data');
      const started = await startMain({ DATA_DIR: dataDir });
      await waitForOutput(started, /is running at/);
      await registerThroughOutbox(started);
      expectOwnerOnly(dataDir);
      expect(started.output()).not.toContain('Restricted');
      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
    });

    it('restricts a directory and files an earlier run left readable by others', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vc-main-'));
      fs.chmodSync(dataDir, 0o755);
      // An earlier run (or a copy) with a looser umask: a database in WAL mode, its files 644, and the log
      // and its index left behind, as a crash leaves them.
      const earlier = new SqliteDatabase(path.join(dataDir, 'app.db'));
      earlier.pragma('journal_mode = WAL');
      earlier.exec('create table earlier (id integer)');
      earlier.close();
      fs.writeFileSync(path.join(dataDir, 'app.db-wal'), '');
      fs.writeFileSync(path.join(dataDir, 'app.db-shm'), '');
      const outbox = path.join(dataDir, 'outbox');
      fs.mkdirSync(outbox);
      fs.writeFileSync(path.join(outbox, 'old.eml'), 'To: old@example.org\r\n\r\nold');
      for (const file of ['app.db', 'app.db-wal', 'app.db-shm', 'outbox/old.eml']) {
        fs.chmodSync(path.join(dataDir, file), 0o644);
      }
      fs.chmodSync(outbox, 0o755);
      const started = await startMain({ DATA_DIR: dataDir });
      await waitForOutput(started, /is running at/);
      expect(started.output()).toContain(`Restricted 6 path(s) in ${dataDir}`);
      await registerThroughOutbox(started);
      expectOwnerOnly(dataDir);
      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
    });

    it('leaves a shared directory (sticky bit) as it is, and says so, but not the files in it', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vc-main-'));
      fs.chmodSync(dataDir, 0o1777);
      const started = await startMain({ DATA_DIR: dataDir });
      await waitForOutput(started, /is running at/);
      expect(started.output()).toContain(`DATA_DIR ${dataDir} is a shared directory`);
      expect(modeOf(dataDir)).toBe(0o1777);
      expect(modeOf(path.join(dataDir, 'app.db'))).toBe(0o600);
      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
    });
  });

  it('refuses a bad configuration with one line naming the variable', async () => {
    const started = await startMain({ RATE_LIMIT_MULTIPLIER: 'lots' });
    expect(await started.exited).toBe(1);
    const lines = started.output().trim().split('\n');
    expect(lines).toEqual([expect.stringMatching(/^Configuration error: Invalid RATE_LIMIT_MULTIPLIER: /)]);
  });
});
