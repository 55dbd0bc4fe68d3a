import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import type { ServerEvent } from '../../shared/realtime.js';
import type { Engine } from '../db/index.js';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';

/** How the server closed a socket. */
export interface Closed {
  code: number;
  reason: string;
}

/**
 * A real WebSocket client on an app's /ws, keeping every event it receives; `closedWith` answers how it
 * closed, once it has.
 */
export async function connect(
  url: string,
  headers: Record<string, string>,
  options: { autoPong?: boolean } = {},
) {
  const socket = new WebSocket(url, { headers, autoPong: options.autoPong ?? true });
  const events: ServerEvent[] = [];
  let closedWith: Closed | undefined;
  const closed = new Promise<Closed>((resolve) =>
    socket.on('close', (code, reason) => {
      closedWith = { code, reason: String(reason) };
      resolve(closedWith);
    }),
  );
  socket.on('message', (data) => events.push(JSON.parse(String(data)) as ServerEvent));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`HTTP ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
  return { socket, events, closed, closedWith: () => closedWith };
}

export type TestSocket = Awaited<ReturnType<typeof connect>>;

/**
 * Waits until the server has read everything the client sent so far (its answer to the server's last ping
 * included): a ping of the client's own, answered in order. A heartbeat run right after does not take a
 * live socket for a dead one.
 */
export async function settle(client: { socket: WebSocket }): Promise<void> {
  if (client.socket.readyState !== WebSocket.OPEN) return;
  await new Promise<void>((resolve) => {
    client.socket.once('pong', () => resolve());
    client.socket.once('close', () => resolve());
    client.socket.ping();
  });
}

/** A test app listening on a port of its own, and the address of its /ws. */
export async function listeningApp(engine: Engine, options?: TestAppOptions) {
  const t: TestApp = await createTestApp(engine, options);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, url: `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws` };
}
