import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import * as c from '../../../shared/contract.js';
import { messageSchema, sentMessageSchema } from '../../../shared/messaging/messages.contract.js';
import {
  type MessageStatus,
  messageStatusSchema,
  statusTexts,
} from '../../../shared/messaging/status.contract.js';
import { apiRequest, readQuery } from '../../lib/api.js';
import { serverMessage } from '../../lib/api-error.js';
import { queryClient } from '../../lib/query-client.js';
import { connectRealtime, realtimeOpen, realtimeWindowEvents } from '../../lib/realtime.js';
import { retryUnlessNotFound } from '../../lib/retry.js';
import { toast } from '../../lib/toast.js';
import { showVehicleFailure } from '../vehicles/failures.js';
import { messageStatusTexts } from './status-texts.js';
import { replyTexts } from './texts.js';

/*
 * A sent message's status page (issue 32, docs/decisions/0146-the-senders-status-page.md): its status read
 * from GET /api/messages/{id}/status and kept current by the realtime socket, the sender's answers and Notify
 * again.
 */

/** The fallback read while no socket is open (the unread count's interval, spec §9). */
export const MESSAGE_STATUS_POLL_MS = 30_000;

export const messageStatusKey = (messageId: string) => ['/api/messages', messageId, 'status'] as const;

const refreshStatus = (messageId: string) =>
  queryClient.invalidateQueries({ queryKey: messageStatusKey(messageId) });

const isSocketOpen = () => realtimeOpen.isOpen();
const noSocketOnServer = () => false;

/**
 * The message's status, read again when a `message_status` frame names its conversation, when a socket
 * opens (what it missed while closed), on focus and when the connection is back; every 30 s only while no
 * socket is open. A signed-out sender's page opens its own socket while it is shown (the server knows the
 * visitor by their cookie and sends it only frames about their own messages); a signed-in one has the app's.
 * Answers null when the status is not the caller's to see (404, or a 401 for a session that ended).
 */
export function useMessageStatus(messageId: string, isSignedOut: boolean) {
  const isLive = useSyncExternalStore(realtimeOpen.subscribe, isSocketOpen, noSocketOnServer);
  const status = useQuery({
    queryKey: messageStatusKey(messageId),
    queryFn: readQuery(messageStatusSchema),
    retry: retryUnlessNotFound,
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
    refetchInterval: isLive ? false : MESSAGE_STATUS_POLL_MS,
  });
  const conversationId = status.data?.conversationId;

  useEffect(() => {
    const onStatus = (event: Event) => {
      const detail = (event as CustomEvent<{ conversationId: string }>).detail;
      if (conversationId === undefined || detail.conversationId === conversationId)
        void refreshStatus(messageId);
    };
    const onSocketChange = () => {
      if (realtimeOpen.isOpen()) void refreshStatus(messageId);
    };
    window.addEventListener(realtimeWindowEvents.messageStatusUpdate, onStatus);
    const unwatch = realtimeOpen.subscribe(onSocketChange);
    return () => {
      window.removeEventListener(realtimeWindowEvents.messageStatusUpdate, onStatus);
      unwatch();
    };
  }, [messageId, conversationId]);

  // The visitor's own socket: the server goes by the visitor cookie, not the id sent on open.
  useEffect(() => (isSignedOut ? connectRealtime('') : undefined), [isSignedOut]);

  return status;
}

export interface AnswerVariables {
  content: string;
  /** Its own key, made when it was written: a retry after a lost answer is stored once (decision 0126). */
  idempotencyKey: string;
}

/**
 * The sender answers the owner in the same conversation: a visitor by writing to the vehicle again (POST
 * /api/messages/anonymous), an account in its conversation. A refusal (blocked, limited) says why in a toast;
 * the text stays in the box.
 */
export function useAnswer(status: MessageStatus) {
  return useMutation({
    mutationFn: async ({ content, idempotencyKey }: AnswerVariables): Promise<void> => {
      const headers = { 'Idempotency-Key': idempotencyKey };
      // No vehicle: its owner deleted their account (0152), and the page offers no answer.
      await (status.sentAs === 'visitor' && status.vehicleId !== null
        ? apiRequest(
            'POST',
            '/api/messages/anonymous',
            { vehicleId: status.vehicleId, content },
            { response: sentMessageSchema, headers },
          )
        : apiRequest(
            'POST',
            `/api/conversations/${encodeURIComponent(status.conversationId)}/messages`,
            { content },
            { response: messageSchema, headers },
          ));
    },
    onSettled: () => refreshStatus(status.id),
    onError: (error) =>
      showVehicleFailure(
        error,
        'answering the owner',
        replyTexts.failedTitle,
        serverMessage(error) ?? replyTexts.failed,
      ),
  });
}

/** POST /api/messages/{id}/notify-again: 202 once, 429 too early (Retry-After), 409 used or answered. */
export function useNotifyAgain(messageId: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest('POST', `/api/messages/${encodeURIComponent(messageId)}/notify-again`, undefined, {
        response: c.unknown,
      }),
    onSuccess: () => toast({ title: statusTexts.notifiedAgain }),
    onError: (error) =>
      showVehicleFailure(
        error,
        'notifying the owner again',
        messageStatusTexts.notifyAgainFailedTitle,
        serverMessage(error) ?? statusTexts.notifyAgainUsed,
      ),
    onSettled: () => refreshStatus(messageId),
  });
}
