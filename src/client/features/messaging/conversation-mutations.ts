import { useMutation } from '@tanstack/react-query';
import { messageResultSchema } from '../../../shared/auth/auth.contract.js';
import { blockResultSchema } from '../../../shared/messaging/blocks.contract.js';
import {
  type Conversation,
  type Message,
  messageSchema,
  unreadCountSchema,
} from '../../../shared/messaging/messages.contract.js';
import {
  type OwnerStatus,
  type OwnerStatusCode,
  ownerStatusAnswerSchema,
  ownerStatusTexts,
} from '../../../shared/messaging/status.contract.js';
import { type Vehicle, vehicleSchema } from '../../../shared/vehicles/vehicles.responses.js';
import { apiRequest } from '../../lib/api.js';
import { serverMessage } from '../../lib/api-error.js';
import { isNoAnswer } from '../../lib/connectivity.js';
import { handleApiError } from '../../lib/handle-error.js';
import { queryClient } from '../../lib/query-client.js';
import { shouldRetryMutation } from '../../lib/retry.js';
import { toast } from '../../lib/toast.js';
import { afterUndoWindow, UNDO_WINDOW_MS } from '../../lib/undoable.js';
import { useUnblock } from '../blocks/mutations.js';
import { blockKeys } from '../blocks/queries.js';
import { vehicleKeys } from '../vehicles/queries.js';
import { formFromVehicle, formValues } from '../vehicles/vehicle-form-state.js';
import { type ReplyVariables, replyMutationKey } from './offline-send.js';
import { messagingKeys } from './queries.js';
import { type OtherSide, safetyTexts } from './safety-texts.js';
import { conversationTexts, replyTexts } from './texts.js';

/** What a failure's log line says the user was doing (never shown: the toast says what went wrong). */
const doing = {
  answer: 'answering with one tap',
  deleteMessage: 'deleting a message',
  deleteConversation: 'deleting a conversation',
  block: 'blocking a sender',
  onlyVerified: 'accepting only verified senders',
} as const;

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

/**
 * A chat reply, with the Idempotency-Key it got when it was written (ReplyVariables), so its retries are
 * stored once. Offline it waits for the connection, and is tried again after a failure that got no answer
 * (offline-send.tsx); the replies of a conversation are sent in the order written. A failure (blocked,
 * limited) says why in a toast and the typed text stays in the composer (issue 31; spec §8 only logged it).
 */
export function useReply(conversationId: string) {
  return useMutation({
    mutationKey: replyMutationKey(conversationId),
    scope: { id: `reply-${conversationId}` },
    mutationFn: ({ content, idempotencyKey }: ReplyVariables) =>
      apiRequest(
        'POST',
        `${path(conversationId)}/messages`,
        { content },
        { response: messageSchema, headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    retry: (failureCount, error) => isNoAnswer(error) || shouldRetryMutation(failureCount, error),
    onSuccess: refresh,
    onError: (error) => {
      console.warn('Failed to send reply:', error);
      toast({
        title: replyTexts.failedTitle,
        description: serverMessage(error) ?? replyTexts.failed,
        variant: 'destructive',
      });
    },
  });
}

/** Shows `ownerStatus` as the conversation's latest one-tap answer in the cached list. */
function showOwnerStatus(conversationId: string, ownerStatus: OwnerStatus) {
  queryClient.setQueryData<Conversation[]>(messagingKeys.conversations, (list) =>
    list?.map((conversation) =>
      conversation.id === conversationId ? { ...conversation, ownerStatus } : conversation,
    ),
  );
}

/**
 * The owner's one-tap answer in a chat (issue 32, decision 0147): shown chosen at once, "now", then as the
 * server kept it; the list is read again either way, so a refused answer does not stay shown. Answers of
 * one conversation go in the order tapped. The sender hears of it over their socket.
 */
export function useAnswerAsOwner(conversationId: string) {
  return useMutation({
    scope: { id: `status-${conversationId}` },
    mutationFn: (code: OwnerStatusCode) =>
      apiRequest('POST', `${path(conversationId)}/status`, { code }, { response: ownerStatusAnswerSchema }),
    onMutate: async (code) => {
      // A read of the list under way would show the answer before this one.
      await queryClient.cancelQueries({ queryKey: messagingKeys.conversations });
      showOwnerStatus(conversationId, { code, text: ownerStatusTexts[code], at: new Date().toISOString() });
    },
    onSuccess: ({ ownerStatus }) => showOwnerStatus(conversationId, ownerStatus),
    onError: (error) => handleApiError(error, { context: doing.answer }),
    onSettled: refresh,
  });
}

/** The toast of an action done with a few seconds to take it back (lib/undoable.ts). */
function toastWithUndo(title: string, description: string | undefined, undo: () => void) {
  toast({
    title,
    description,
    durationMs: UNDO_WINDOW_MS,
    action: { label: safetyTexts.undo, onClick: undo },
  });
}

/**
 * Deletes one of the user's own messages: gone from the chat at once, deleted on the server once the
 * toast's Undo has had its few seconds.
 */
export function useDeleteMessage(conversationId: string) {
  return (messageId: string) => {
    const key = messagingKeys.messagesOf(conversationId);
    queryClient.setQueryData<Message[]>(key, (messages) =>
      messages?.filter((message) => message.id !== messageId),
    );
    const cancel = afterUndoWindow(() => {
      apiRequest('DELETE', `/api/messages/${encodeURIComponent(messageId)}`, undefined, {
        response: messageResultSchema,
        keepalive: true,
      })
        .then(refresh)
        .catch((error) => {
          void queryClient.invalidateQueries({ queryKey: key });
          handleApiError(error, { context: doing.deleteMessage });
        });
    });
    toastWithUndo(safetyTexts.messageDeletedTitle, undefined, () => {
      if (cancel()) void queryClient.invalidateQueries({ queryKey: key });
    });
  };
}

/** Deletes the conversation for the user, as useDeleteMessage does a message; `onDeleted` leaves the chat. */
export function useDeleteConversation(onDeleted: () => void) {
  return (conversationId: string) => {
    queryClient.setQueryData<Conversation[]>(messagingKeys.conversations, (list) =>
      list?.filter((conversation) => conversation.id !== conversationId),
    );
    onDeleted();
    const cancel = afterUndoWindow(() => {
      apiRequest('DELETE', path(conversationId), undefined, {
        response: messageResultSchema,
        keepalive: true,
      })
        .then(refresh)
        .catch((error) => {
          void refresh();
          handleApiError(error, { context: doing.deleteConversation });
        });
    });
    toastWithUndo(conversationTexts.deletedTitle, undefined, () => {
      if (cancel()) void refresh();
    });
  };
}

/**
 * Blocks the other side of a conversation at once (their next message must be refused): the chat stays open
 * and shows it blocked (decision 0139), with Undo on the toast, which unblocks the block just made.
 */
export function useBlockSender() {
  const unblock = useUnblockInChat();
  return useMutation({
    mutationFn: ({ conversationId }: { conversationId: string; otherSide: OtherSide }) =>
      apiRequest('POST', '/api/block', { conversationId }, { response: blockResultSchema }),
    onSuccess: (block, { otherSide }) => {
      void queryClient.invalidateQueries({ queryKey: blockKeys.blockedUsers });
      void refresh();
      if (!block) return;
      toastWithUndo(safetyTexts.blockedTitle[otherSide], undefined, () => unblock.mutate(block));
    },
    onError: (error) => handleApiError(error, { context: doing.block }),
  });
}

/** Unblock from a chat (Blocked Users' own), after which the chat offers Block again. */
export const useUnblockInChat = () => useUnblock(refresh);

/**
 * "Only accept verified senders for this vehicle" (decision 0139): the vehicle saved as it is, with that
 * setting, so that a blocked visitor in another browser or on another network cannot write either.
 */
export function useAcceptOnlyVerified() {
  return useMutation({
    mutationFn: (vehicle: Vehicle) =>
      apiRequest(
        'PATCH',
        `/api/vehicles/${encodeURIComponent(vehicle.id)}`,
        { ...formValues(formFromVehicle(vehicle)), acceptMessagesFrom: 'verified' },
        { response: vehicleSchema },
      ),
    onSuccess: (saved) => {
      if (saved) queryClient.setQueryData(vehicleKeys.one(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
      toast({ title: safetyTexts.onlyVerifiedDone });
    },
    onError: (error) => handleApiError(error, { context: doing.onlyVerified }),
  });
}
