import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { ServerEvent } from '../../shared/realtime.js';

interface Connection {
  socket: WebSocket;
  /** The connection the socket was upgraded from (its frames are written there). */
  connection: Duplex;
  sessionId: string;
}

/** This instance's sockets, by the user they are signed in as. Other instances hold their own. */
export class Sockets {
  private readonly byUser = new Map<string, Set<Connection>>();

  add(userId: string, connection: Connection): () => void {
    let connections = this.byUser.get(userId);
    if (!connections) {
      connections = new Set();
      this.byUser.set(userId, connections);
    }
    connections.add(connection);
    return () => {
      connections.delete(connection);
      if (connections.size === 0) this.byUser.delete(userId);
    };
  }

  has(userId: string): boolean {
    return this.byUser.has(userId);
  }

  send(userId: string, event: ServerEvent): void {
    const text = JSON.stringify(event);
    for (const { socket } of this.byUser.get(userId) ?? []) {
      if (socket.readyState === socket.OPEN) socket.send(text);
    }
  }

  /**
   * Holds what is sent to the user's sockets from now until the end of this turn of the event loop, then
   * writes it: frames sent together reach each socket in one write, which wakes the client once, not once
   * per frame. A frame sent later in the turn waits for nothing beyond it.
   */
  holdUntilTurnEnds(userId: string): void {
    const held = [...(this.byUser.get(userId) ?? [])].map(({ connection }) => connection);
    for (const connection of held) connection.cork();
    setImmediate(() => {
      for (const connection of held) connection.uncork();
    });
  }

  /** Closes the sockets of one session of the user, or of every session (`sessionId` null). */
  close(userId: string, sessionId: string | null, code: number, reason: string): void {
    for (const connection of [...(this.byUser.get(userId) ?? [])]) {
      if (sessionId === null || connection.sessionId === sessionId) connection.socket.close(code, reason);
    }
  }

  get size(): number {
    let count = 0;
    for (const connections of this.byUser.values()) count += connections.size;
    return count;
  }
}
