import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { ServerEvent } from '../../shared/realtime.js';
import { Sockets } from './sockets.js';

/** A real socket on loopback: the server's side as Sockets holds it, and what the client receives. */
async function connected(servers: WebSocketServer[]) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const accepted = new Promise<{ socket: WebSocket; connection: Duplex }>((resolve) =>
    server.once('connection', (socket, request) => resolve({ socket, connection: request.socket })),
  );
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const received: ServerEvent[] = [];
  client.on('message', (data) => received.push(JSON.parse(String(data)) as ServerEvent));
  await new Promise<void>((resolve) => client.once('open', () => resolve()));
  const { socket, connection } = await accepted;
  const sockets = new Sockets();
  sockets.add('user', { socket, connection, sessionId: 'session', endsAt: Number.POSITIVE_INFINITY });
  return { sockets, connection, received, client };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('Sockets', () => {
  const servers: WebSocketServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      for (const client of server.clients) client.terminate();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('holds frames sent in one turn of the event loop and writes them together at its end', async () => {
    const { sockets, connection, received, client } = await connected(servers);
    sockets.holdUntilTurnEnds('user');
    sockets.send('user', { type: 'new_message', message: { id: 'm', conversationId: 'c' } });
    sockets.send('user', { type: 'unread_count_update', unreadCount: 1 });
    // Nothing written to the connection yet: both frames wait in its buffer.
    expect(connection.writableCorked).toBe(1);
    expect(connection.writableLength).toBeGreaterThan(0);
    await nextTurn();
    expect(connection.writableCorked).toBe(0);
    expect(connection.writableLength).toBe(0);
    await expect
      .poll(() => received)
      .toEqual([
        { type: 'new_message', message: { id: 'm', conversationId: 'c' } },
        { type: 'unread_count_update', unreadCount: 1 },
      ]);
    client.close();
  });

  it('writes at once what is sent without holding', async () => {
    const { sockets, connection, received, client } = await connected(servers);
    sockets.send('user', { type: 'unread_count_update', unreadCount: 2 });
    expect(connection.writableLength).toBe(0);
    await expect.poll(() => received).toEqual([{ type: 'unread_count_update', unreadCount: 2 }]);
    client.close();
  });
});
