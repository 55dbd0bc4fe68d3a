import { useEffect } from 'react';
import { queryClient } from '../../lib/query-client.js';
import { connectRealtime, realtimeWindowEvents } from '../../lib/realtime.js';
import { messagingKeys } from './queries.js';

/**
 * While a user is signed in: the realtime connection, and its events refreshing the conversations, their
 * messages and the unread count (spec §7: conversationsUpdate and unreadCountUpdate).
 */
export function useRealtime(userId: string | undefined) {
  useEffect(() => {
    if (!userId) return;
    const refreshConversations = () => {
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.recentUnread });
    };
    const refreshUnreadCount = (event: Event) => {
      const { unreadCount } = (event as CustomEvent<{ unreadCount: number }>).detail;
      queryClient.setQueryData(messagingKeys.unreadCount, { count: unreadCount });
    };
    window.addEventListener(realtimeWindowEvents.conversationsUpdate, refreshConversations);
    window.addEventListener(realtimeWindowEvents.unreadCountUpdate, refreshUnreadCount);
    const disconnect = connectRealtime(userId);
    return () => {
      disconnect();
      window.removeEventListener(realtimeWindowEvents.conversationsUpdate, refreshConversations);
      window.removeEventListener(realtimeWindowEvents.unreadCountUpdate, refreshUnreadCount);
    };
  }, [userId]);
}
