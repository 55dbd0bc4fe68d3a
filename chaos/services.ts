// What the chaos runs start on loopback and break on purpose: HAProxy with ops/haproxy.cfg, the app's
// instances as an operator runs them (`node dist/server/main.js`), and a Redis and a PostgreSQL of their own
// that may be stopped and started again without touching anyone else's (docs/decisions/0159).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../src/server/test/free-port.js';

export const root = path.resolve(import.meta.dirname, '..');

/** What a run needs that is not Node: HAProxy, redis-server, and PostgreSQL's initdb/pg_ctl. */
export function missingPrograms(options: { postgres: boolean }): string[] {
  const missing: string[] = [];
  if (spawnSync('haproxy', ['-v']).status !== 0) missing.push('haproxy (apt-get install -y haproxy)');
  if (spawnSync('redis-server', ['--version']).status !== 0) missing.push('redis-server');
  if (options.postgres && !postgresBin()) missing.push('initdb and pg_ctl (a PostgreSQL server package)');
  return missing;
}

/** Waits until `check` answers true, asking every 50 ms; false when `ms` ran out. */
export async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(50);
  }
  return false;
}

/** A child process that ends with the run, whatever ends it. */
function track(child: ChildProcess): ChildProcess {
  const killIt = () => child.kill('SIGKILL');
  process.once('exit', killIt);
  child.once('exit', () => process.off('exit', killIt));
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** A redis-server of the run's own on a free port; `stop` and `start` it again on the same port. */
export async function startRedis() {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = track(
      spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      ),
    );
    const up = await until(
      () =>
        spawnSync('redis-cli', ['-p', String(port), 'ping'])
          .stdout?.toString()
          .trim() === 'PONG',
      10_000,
    );
    if (!up) throw new Error(`redis-server on ${port} did not start`);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    /** As when Redis dies: what it held (rate-limit counters) is gone when it comes back. */
    async stop() {
      if (!child) return;
      child.kill('SIGKILL');
      await exited(child);
    },
    start,
  };
}

/** The directory of PostgreSQL's server programs (initdb, pg_ctl), or undefined. */
function postgresBin(): string | undefined {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && fs.existsSync(path.join(fromEnv, 'pg_ctl'))) return fromEnv;
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter((version) => fs.existsSync(path.join(base, version, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
}

/**
 * A PostgreSQL cluster of the run's own (initdb in a temporary directory, trust on loopback), which `stop`
 * takes down as an operator's restart does (pg_ctl -m fast: connections ended, a checkpoint) and `start`
 * brings back on the same port. PostgreSQL does not run as root: there, it runs as the postgres user.
 */
export async function startPostgres() {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL server programs (initdb, pg_ctl)');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vc-chaos-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync('chown', ['postgres', dir]);
  const run = (program: string, args: string[]) => {
    const command = asRoot
      ? ['runuser', '-u', 'postgres', '--', path.join(bin, program), ...args]
      : [path.join(bin, program), ...args];
    const result = spawnSync(command[0] as string, command.slice(1), { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const start = async () =>
    run('pg_ctl', [
      '-D',
      dir,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
      '-l',
      path.join(dir, 'log'),
      '-w',
      'start',
    ]);
  await start();
  const stopped = { now: false };
  const destroy = () => {
    if (!stopped.now) {
      try {
        run('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
      } catch {}
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', destroy);
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      run('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
      stopped.now = true;
    },
    async start() {
      await start();
      stopped.now = false;
    },
    async destroy() {
      destroy();
      process.off('exit', destroy);
    },
  };
}

/** HAProxy with the operators' configuration (ops/haproxy.cfg) in front of `instances` (HOST:PORT each). */
export async function startHaproxy(port: number, instances: [string, string], checkMs: number) {
  const child = track(
    spawn('haproxy', ['-db', '-f', path.join(root, 'ops/haproxy.cfg')], {
      env: {
        PATH: process.env.PATH,
        VC_LISTEN: `127.0.0.1:${port}`,
        VC_INSTANCE_1: instances[0],
        VC_INSTANCE_2: instances[1],
        VC_CHECK_MS: String(checkMs),
        // Within this machine's 20,000 open files per process.
        VC_MAXCONN: '9000',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
  let output = '';
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const up = await until(
    () =>
      fetch(`${url}/api/ready`).then(
        (response) => response.status === 200,
        () => false,
      ),
    10_000,
  );
  if (!up) throw new Error(`HAProxy did not come up: ${output}`);
  return {
    url,
    output: () => output,
    async stop() {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}

/** One instance of the app, started as an operator starts it; `kill` (-9) and `terminate` (SIGTERM) it. */
export interface Instance {
  name: string;
  address: string;
  pid: number;
  output(): string;
  /** Whether it is still running (not crashed, not stopped). */
  isRunning(): boolean;
  kill(): Promise<void>;
  terminate(): Promise<number | null>;
}

export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = track(
    // CHAOS_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": where the instances' time goes (written when
    // they stop, so at the end of a case for the one still running).
    spawn(
      process.execPath,
      [
        ...(process.env.CHAOS_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
        path.join(root, 'dist/server/main.js'),
      ],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'vc-chaos-')),
          LOG_LEVEL: 'warn',
          LOG_FORMAT: 'json',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    ),
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const ready = await until(
    () =>
      fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (response) => response.status === 200,
        () => false,
      ),
    30_000,
  );
  if (!ready) throw new Error(`instance ${name} did not become ready: ${output}`);
  return {
    name,
    address: `127.0.0.1:${port}`,
    pid: child.pid as number,
    output: () => output,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async terminate() {
      child.kill('SIGTERM');
      // Past its drain and the pushes it may flush, it is stuck: kill it.
      const stuck = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited(child);
      clearTimeout(stuck);
      return child.exitCode;
    },
  };
}
