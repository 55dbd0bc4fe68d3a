import { onlineManager, useMutationState } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { queryClient } from '../../lib/query-client.js';
import { sendMessageTexts } from './texts.js';

/*
 * Messages written offline (docs/decisions/0142-offline-that-is-useful.md): TanStack Query holds a send while
 * the app is offline and makes it once the connection is back, with the Idempotency-Key the message got when
 * it was written, so a retry never stores it twice.
 */
/** A chat reply: its text, its own Idempotency-Key, and whether it was written offline (queued). */
export interface ReplyVariables {
  content: string;
  idempotencyKey: string;
  isQueued: boolean;
}

/** The replies of one conversation, in the mutation cache (one scope: they are sent in the order written). */
export const replyMutationKey = (conversationId: string) => ['reply', conversationId] as const;

export function newReply(content: string): ReplyVariables {
  return { content, idempotencyKey: crypto.randomUUID(), isQueued: !onlineManager.isOnline() };
}

function QueuedReply({ content, isWaiting }: { content: string; isWaiting: boolean }) {
  // Written by the reader: it comes into view above the composer, as a message they send does.
  useLayoutEffect(() => {
    // Braces: Chromium's scroll methods answer a promise, which React would take for a cleanup.
    window.scrollTo({ top: document.documentElement.scrollHeight });
  }, []);
  return (
    <li className="flex flex-col items-end">
      <p className="max-w-[80%] min-w-0 rounded-2xl rounded-br-sm bg-primary-solid px-3 py-2 text-primary-foreground [overflow-wrap:anywhere]">
        {content}
      </p>
      {isWaiting ? (
        <span role="status" className="mt-1 text-xs text-muted-foreground">
          <Clock aria-hidden className="mr-1 inline h-3.5 w-3.5 align-[-2px]" />
          {sendMessageTexts.willSend}
        </span>
      ) : null}
    </li>
  );
}

/**
 * The chat's replies written offline and not sent yet, after its messages: each until the server has it
 * and the chat has read it back.
 */
export function QueuedReplies({ conversationId }: { conversationId: string }) {
  const queued = useMutationState({
    filters: { mutationKey: replyMutationKey(conversationId), status: 'pending' },
    select: (mutation) => ({
      variables: mutation.state.variables as ReplyVariables | undefined,
      isWaiting: mutation.state.isPaused,
    }),
  });
  return queued.map(({ variables, isWaiting }) =>
    variables?.isQueued ? (
      <QueuedReply key={variables.idempotencyKey} content={variables.content} isWaiting={isWaiting} />
    ) : null,
  );
}

/**
 * A reply written offline that the server then refused (blocked, limited: its toast says why) gives its
 * text back to the composer, unless something else has been typed there since.
 */
export function useRefusedQueuedReplies(conversationId: string, giveBack: (content: string) => void): void {
  const latest = useRef(giveBack);
  latest.current = giveBack;
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const { mutationKey } = event.mutation.options;
        const variables = event.mutation.state.variables as ReplyVariables | undefined;
        if (mutationKey?.[0] !== 'reply' || mutationKey[1] !== conversationId || !variables?.isQueued) return;
        latest.current(variables.content);
      }),
    [conversationId],
  );
}
