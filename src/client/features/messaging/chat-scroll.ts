import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Message } from '../../../shared/messaging/messages.contract.js';

/** How far from the bottom the reader may be and still count as reading the newest message. */
const AT_BOTTOM_PX = 120;

const isNearBottom = () =>
  document.documentElement.scrollHeight - (window.scrollY + window.innerHeight) < AT_BOTTOM_PX;

/**
 * A chat's scrolling as messengers do it: it opens at the newest message; a message that arrives while the
 * reader is at the bottom (or that they wrote) scrolls into view; one that arrives while they have scrolled
 * up is counted in `unseen` until they go down (`toNewest`, or scrolling there themselves). Where the reader
 * was is taken from their last scroll, before the new message made the page longer.
 */
export function useChatScroll(messages: Message[]) {
  const seenIds = useRef<Set<string> | null>(null);
  const wasAtBottom = useRef(true);
  const [unseen, setUnseen] = useState(0);

  const toNewest = useCallback(() => {
    setUnseen(0);
    wasAtBottom.current = true;
    // The page's very end: the composer is sticky at the bottom, so a message only scrolled to the window's
    // bottom edge would sit behind it (found by axe, docs/decisions/0143).
    window.scrollTo({ top: document.documentElement.scrollHeight });
  }, []);

  useEffect(() => {
    const onScroll = () => {
      wasAtBottom.current = isNearBottom();
      if (wasAtBottom.current) setUnseen(0);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    if (messages.length === 0 && seenIds.current === null) return;
    if (seenIds.current === null) {
      // The first answer: open at the newest message.
      seenIds.current = new Set(messages.map((message) => message.id));
      toNewest();
      return;
    }
    const arrived = messages.filter((message) => !seenIds.current?.has(message.id));
    for (const message of arrived) seenIds.current.add(message.id);
    if (arrived.length === 0) return;
    if (wasAtBottom.current || arrived.some((message) => message.isMine)) toNewest();
    else setUnseen((count) => count + arrived.length);
  }, [messages, toNewest]);

  /** What is under the thread grew (an answer's line): a reader at the newest message stays there. */
  const keepNewest = useCallback(() => {
    if (wasAtBottom.current) toNewest();
  }, [toNewest]);

  return { unseen, toNewest, keepNewest };
}
