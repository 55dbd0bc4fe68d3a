import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { freePort } from './free-port.js';

/** The server as built (`npm run build:server`; vitest's global setup builds it when stale). */
const builtMain = path.resolve('dist/server/main.js');

/** The server as an operator runs it (`node dist/server/main.js`), in a process of its own. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
  exited: Promise<number | null>;
  /** kill -9 of the whole process group (the server and anything it started). */
  kill(): void;
}

const started: ServerProcess[] = [];

/** Ends every server a test started and left running; call it in afterEach. */
export function killServerProcesses(): void {
  for (const server of started.splice(0)) server.kill();
}

/**
 * Starts the built server (`node dist/server/main.js`), or with `command` another way of starting it (e.g.
 * `['npm', 'start']`), in a process group of its own.
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  command: string[] = [process.execPath, builtMain],
): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vc-main-'));
  const [program = process.execPath, ...args] = command;
  const child = spawn(program, args, {
    env: {
      PATH: process.env.PATH,
      ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // No drain delay after SIGTERM unless a test asks for one (docs/decisions/0158).
      SHUTDOWN_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server: ServerProcess = {
    child,
    port,
    dataDir,
    output: () => output,
    exited,
    kill() {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    },
  };
  started.push(server);
  return server;
}

export async function waitForOutput(server: ServerProcess, pattern: RegExp) {
  await expect.poll(() => pattern.test(server.output()), { timeout: 20_000, interval: 100 }).toBe(true);
}
