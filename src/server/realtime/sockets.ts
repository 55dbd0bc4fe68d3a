import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { ServerEvent } from '../../shared/realtime.js';

interface Connection {
  socket: WebSocket;
  /** The connection the socket was upgraded from (its frames are written there). */
  connection: Duplex;
  sessionId: string;
  /** When its session ends unless refreshed, as last read (ms since the epoch): read again once passed. */
  endsAt: number;
}

/**
 * The key a visitor's sockets are kept under (the SHA-256 of their cookie, as messaging stores it), beside
 * accounts' ids: never equal to an account's id (a UUID).
 */
const VISITOR_KEY_PREFIX = 'visitor:';
export const visitorKeyOf = (visitorHash: string) => `${VISITOR_KEY_PREFIX}${visitorHash}`;

/** How many of something each key holds, up to a cap (sockets per session, per address). */
export class Tally {
  private readonly counts = new Map<string, number>();

  constructor(private readonly cap: number) {}

  /** Counts one more for `key`; false (and nothing counted) when it already holds the cap. */
  take(key: string): boolean {
    const count = this.counts.get(key) ?? 0;
    if (count >= this.cap) return false;
    this.counts.set(key, count + 1);
    return true;
  }

  release(key: string): void {
    const count = this.counts.get(key) ?? 0;
    if (count <= 1) this.counts.delete(key);
    else this.counts.set(key, count - 1);
  }
}

/**
 * This instance's sockets, by the user they are signed in as (or the visitor they are, visitorKeyOf). Other
 * instances hold their own.
 */
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

  /** The visitors with a socket here, by their cookie's hash. */
  visitors(): string[] {
    return [...this.byUser.keys()]
      .filter((key) => key.startsWith(VISITOR_KEY_PREFIX))
      .map((key) => key.slice(VISITOR_KEY_PREFIX.length));
  }

  /** The accounts with a socket here (not the visitors). */
  users(): string[] {
    return [...this.byUser.keys()].filter((key) => !key.startsWith(VISITOR_KEY_PREFIX));
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

  /** The sessions (with their user) of the sockets whose session's end, as last read, is not after `now`. */
  sessionsDue(now: number): Array<{ userId: string; sessionId: string }> {
    const due = new Map<string, string>();
    for (const [userId, connections] of this.byUser) {
      for (const { sessionId, endsAt } of connections) if (endsAt <= now) due.set(sessionId, userId);
    }
    return [...due].map(([sessionId, userId]) => ({ userId, sessionId }));
  }

  /** The session's end as read again (it was refreshed): its sockets are due then. */
  setSessionEnd(userId: string, sessionId: string, endsAt: number): void {
    for (const connection of this.byUser.get(userId) ?? []) {
      if (connection.sessionId === sessionId) connection.endsAt = endsAt;
    }
  }

  /** Every socket's session is read again at the next check (an end may have been missed). */
  makeEverySessionDue(): void {
    for (const connections of this.byUser.values()) {
      for (const connection of connections) connection.endsAt = Number.NEGATIVE_INFINITY;
    }
  }

  get size(): number {
    let count = 0;
    for (const connections of this.byUser.values()) count += connections.size;
    return count;
  }
}
