import { useEffect } from 'react';
import { queryClient } from '../../lib/query-client.js';
import { connectRealtime, realtimeWindowEvents } from '../../lib/realtime.js';
import { messagingKeys } from './queries.js';

/**
 * While a user is signed in: the realtime connection, and its events refreshing the conversations, their
 * messages and the unread count (spec §7: conversationsUpdate and unreadCountUpdate), read again whenever
 * the socket comes back after a gap.
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
    // Back after a gap: the messages and counts of the gap came over no socket.
    const catchUp = () => {
      refreshConversations();
      void queryClient.invalidateQueries({ queryKey: messagingKeys.unreadCount });
    };
    window.addEventListener(realtimeWindowEvents.conversationsUpdate, refreshConversations);
    window.addEventListener(realtimeWindowEvents.unreadCountUpdate, refreshUnreadCount);
    window.addEventListener(realtimeWindowEvents.reconnected, catchUp);
    const disconnect = connectRealtime(userId);
    return () => {
      disconnect();
      window.removeEventListener(realtimeWindowEvents.conversationsUpdate, refreshConversations);
      window.removeEventListener(realtimeWindowEvents.unreadCountUpdate, refreshUnreadCount);
      window.removeEventListener(realtimeWindowEvents.reconnected, catchUp);
    };
  }, [userId]);
}
