import { useQuery } from '@tanstack/react-query';
import {
  conversationListSchema,
  messageListSchema,
  unreadCountSchema,
} from '../../../shared/messaging/messages.contract.js';
import { readQuery } from '../../lib/api.js';

/** Query keys double as paths (lib/query-keys.ts): readQuery GETs the joined key. */
export const messagingKeys = {
  conversations: ['/api/conversations'],
  unreadCount: ['/api/messages/unread-count'],
  recentUnread: ['/api/messages'],
  messagesOf: (conversationId: string) => ['/api/conversations', conversationId, 'messages'],
} as const;

/** Spec §9 Unread count: polled every 30 s (the fallback when realtime is down), stale after 10 s, 3 retries. */
export const UNREAD_COUNT_POLL_MS = 30_000;
const UNREAD_COUNT_STALE_MS = 10_000;
const UNREAD_COUNT_RETRIES = 3;

export function useUnreadCount(isSignedIn: boolean) {
  return useQuery({
    queryKey: messagingKeys.unreadCount,
    queryFn: readQuery(unreadCountSchema),
    enabled: isSignedIn,
    refetchInterval: UNREAD_COUNT_POLL_MS,
    staleTime: UNREAD_COUNT_STALE_MS,
    retry: UNREAD_COUNT_RETRIES,
  });
}

/** Spec §2 Bottom navigation: the badge shows "9+" above 9. */
export function unreadBadgeText(count: number): string | undefined {
  if (count <= 0) return undefined;
  return count > 9 ? '9+' : String(count);
}

export function useConversations() {
  return useQuery({ queryKey: messagingKeys.conversations, queryFn: readQuery(conversationListSchema) });
}

export function useConversationMessages(conversationId: string) {
  return useQuery({
    queryKey: messagingKeys.messagesOf(conversationId),
    queryFn: readQuery(messageListSchema),
  });
}
