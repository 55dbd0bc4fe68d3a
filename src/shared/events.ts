/**
 * The domain events one feature publishes and others subscribe to, through the event bus
 * (src/server/events/). Names and payloads are defined once, here; payloads are plain JSON, since they
 * cross instances through Redis. They carry ids, never message text, emails or tokens.
 */
export interface DomainEvents {
  /**
   * Sessions ended: one (`sessionId`: the SHA-256 of its token, as stored) at logout or expiry, or every
   * session of the user (`sessionId` null) when the password is reset. Realtime closes their sockets.
   */
  'session.ended': {
    userId: string;
    sessionId: string | null;
    reason: 'logout' | 'password-reset' | 'expired';
  };
}

export type DomainEventName = keyof DomainEvents;
