import { useMutation } from '@tanstack/react-query';
import { messageResultSchema } from '../../../shared/auth/auth.contract.js';
import { messageSchema, unreadCountSchema } from '../../../shared/messaging/messages.contract.js';
import { apiRequest } from '../../lib/api.js';
import { handleApiError } from '../../lib/handle-error.js';
import { queryClient } from '../../lib/query-client.js';
import { toast } from '../../lib/toast.js';
import { blockKeys } from '../blocks/queries.js';
import { useIdempotencyKey } from './idempotency-key.js';
import { messagingKeys } from './queries.js';
import { conversationTexts } from './texts.js';

const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: messagingKeys.conversations }),
    queryClient.invalidateQueries({ queryKey: messagingKeys.unreadCount }),
  ]);
const path = (conversationId: string) => `/api/conversations/${encodeURIComponent(conversationId)}`;

/** Spec §4: opening a conversation marks it read for the user's own vehicle in it. */
export function useMarkRead(conversationId: string) {
  return useMutation({
    mutationFn: (vehicleId: string | null) =>
      apiRequest('PATCH', `${path(conversationId)}/read`, vehicleId ? { vehicleId } : {}, {
        response: unreadCountSchema,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(messagingKeys.unreadCount, answer);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
    },
  });
}

/** Spec §8: a chat reply's failure is only logged. Its retry is stored once (useIdempotencyKey). */
export function useReply(conversationId: string) {
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: (content: string) =>
      apiRequest(
        'POST',
        `${path(conversationId)}/messages`,
        { content },
        {
          response: messageSchema,
          headers: { 'Idempotency-Key': idempotencyKey.keyFor({ conversationId, content }) },
        },
      ),
    onSuccess: () => {
      idempotencyKey.forget();
      return refresh();
    },
    onError: (error) => console.warn('Failed to send reply:', error),
  });
}

export function useDeleteMessage() {
  return useMutation({
    mutationFn: (messageId: string) =>
      apiRequest('DELETE', `/api/messages/${encodeURIComponent(messageId)}`, undefined, {
        response: messageResultSchema,
      }),
    onSuccess: refresh,
    onError: (error) => handleApiError(error, { context: 'deleting a message' }),
  });
}

export function useDeleteConversation(onDeleted: () => void) {
  return useMutation({
    mutationFn: (conversationId: string) =>
      apiRequest('DELETE', path(conversationId), undefined, { response: messageResultSchema }),
    onSuccess: async () => {
      toast({ title: conversationTexts.deletedTitle });
      await refresh();
      onDeleted();
    },
    onError: (error) => handleApiError(error, { context: 'deleting a conversation' }),
  });
}

export function useBlockSender(onBlocked: () => void) {
  return useMutation({
    mutationFn: (conversationId: string) =>
      apiRequest('POST', '/api/block', { conversationId }, { response: messageResultSchema }),
    onSuccess: () => {
      toast({ title: conversationTexts.blockedTitle, description: conversationTexts.blockedDescription });
      void queryClient.invalidateQueries({ queryKey: blockKeys.blockedUsers });
      onBlocked();
    },
    onError: (error) => handleApiError(error, { context: 'blocking a sender' }),
  });
}
