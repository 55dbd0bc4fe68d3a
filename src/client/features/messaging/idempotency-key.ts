import { useRef } from 'react';

/**
 * One Idempotency-Key per request the person means to make: the same request again (a retry after a lost
 * answer, the spec's one mutation retry, or a second press) keeps its key and is stored once; a changed
 * request gets a new key, since the server refuses a key used for another request (422, decision 0126).
 */
export function useIdempotencyKey() {
  const last = useRef<{ request: string; key: string } | undefined>(undefined);
  return {
    keyFor(request: unknown): string {
      const text = JSON.stringify(request);
      if (last.current?.request !== text) last.current = { request: text, key: crypto.randomUUID() };
      return last.current.key;
    },
    /** After a success: the next request, even the same one, is another. */
    forget() {
      last.current = undefined;
    },
  };
}
