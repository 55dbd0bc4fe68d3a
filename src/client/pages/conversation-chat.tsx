import { ArrowDown, ArrowLeft, Ban, EllipsisVertical, Flag, Siren, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Conversation, Message } from '../../shared/messaging/messages.contract.js';
import { useIsOnline } from '../app/use-connectivity.js';
import { usePageTitle } from '../components/page-title.js';
import { Button } from '../components/ui/button.js';
import { type Confirmation, ConfirmDialog } from '../components/ui/confirm-dialog.js';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu.js';
import { PageSpinner } from '../components/ui/spinner.js';
import { Tooltip } from '../components/ui/tooltip.js';
import { BlockedNotice } from '../features/messaging/blocked-notice.js';
import { useChatScroll } from '../features/messaging/chat-scroll.js';
import { otherPartyName, otherSideOf, writtenTo } from '../features/messaging/conversation-display.js';
import {
  useBlockSender,
  useDeleteConversation,
  useDeleteMessage,
  useMarkRead,
  useReply,
  useUnblockInChat,
} from '../features/messaging/conversation-mutations.js';
import {
  latestReceived,
  MessageFeedback,
  useGivenFeedback,
  useRateMessage,
} from '../features/messaging/feedback.js';
import { confirmReport, feedbackUiTexts } from '../features/messaging/feedback-texts.js';
import { newReply, QueuedReplies, useRefusedQueuedReplies } from '../features/messaging/offline-send.js';
import { OwnerAnswers } from '../features/messaging/owner-answers.js';
import { useConversationMessages, useConversations } from '../features/messaging/queries.js';
import { ReplyForm } from '../features/messaging/reply-form.js';
import { safetyTexts } from '../features/messaging/safety-texts.js';
import { conversationTexts as texts } from '../features/messaging/texts.js';
import { urgentTexts } from '../features/messaging/urgent-texts.js';
import { currentLocale } from '../lib/i18n.js';
import { disappearsIn, messageTime } from '../lib/message-time.js';
import { useNow } from '../lib/use-now.js';

/**
 * The offline banner's height while it shows, else 0 (app/offline-banner.tsx): the chat's sticky header sticks
 * under it, not behind it, so its way back stays reachable offline.
 */
function useOfflineBannerHeight() {
  const isOnline = useIsOnline();
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const banner = isOnline ? null : document.querySelector<HTMLElement>('[data-offline-banner]');
    if (!banner) return setHeight(0);
    const observer = new ResizeObserver(() => setHeight(banner.offsetHeight));
    observer.observe(banner);
    return () => observer.disconnect();
  }, [isOnline]);
  return height;
}

/** The "more" button that opens a menu: a 44 px touch target. */
function OptionsTrigger({ label }: { label: string }) {
  return (
    <Tooltip label={label} className="shrink-0">
      <DropdownMenuTrigger asChild>
        <Button size="icon" variant="ghost" aria-label={label} className="text-muted-foreground">
          <EllipsisVertical aria-hidden className="h-5 w-5" />
        </Button>
      </DropdownMenuTrigger>
    </Tooltip>
  );
}

/** Spec §2: the per-message delete menu, on the user's own messages (only the sender may delete one). */
function MessageMenu({ onDelete }: { onDelete: () => void }) {
  return (
    <DropdownMenu>
      <OptionsTrigger label={texts.messageOptions} />
      <DropdownMenuContent align="end">
        <DropdownMenuItem isDestructive onSelect={onDelete}>
          <Trash2 aria-hidden className="h-4 w-4" />
          {texts.deleteMessage}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function MessageBubble({
  message,
  now,
  onDelete,
  feedback,
}: {
  message: Message;
  now: number;
  onDelete: () => void;
  /** Under a received message: Helpful / Not helpful (decision 0151). */
  feedback?: ReactNode;
}) {
  return (
    <li className={message.isMine ? 'flex flex-col items-end' : 'flex flex-col items-start'}>
      {message.urgent ? (
        // Read before the text: "Urgent", then the message (issue 33, docs/decisions/0150).
        <span className="mb-1 inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">
          <Siren aria-hidden className="h-3.5 w-3.5" />
          {urgentTexts.label}
        </span>
      ) : null}
      {/* Mine carries its 44 px menu button beside the bubble, so its row may be wider. */}
      <div className={message.isMine ? 'flex max-w-[90%] items-center gap-1' : 'flex max-w-[80%]'}>
        {message.isMine ? <MessageMenu onDelete={onDelete} /> : null}
        <p
          className={
            message.isMine
              ? 'min-w-0 rounded-2xl rounded-br-sm bg-primary-solid px-3 py-2 text-primary-foreground [overflow-wrap:anywhere]'
              : 'min-w-0 rounded-2xl rounded-bl-sm bg-muted px-3 py-2 [overflow-wrap:anywhere]'
          }
        >
          {message.content}
        </p>
      </div>
      <span className="mt-1 text-xs text-muted-foreground">
        <time
          dateTime={message.createdAt}
          title={new Date(message.createdAt).toLocaleString(currentLocale())}
        >
          {messageTime(message.createdAt, now, currentLocale())}
        </time>
        {' · '}
        {disappearsIn(message.createdAt, now)}
      </span>
      {feedback}
    </li>
  );
}

/**
 * Spec §2: the delete-conversation menu, which also blocks the other side, from either side (0083), or
 * unblocks it when the caller has blocked it (0139).
 */
function ConversationMenu({
  isBlocked,
  onBlock,
  onUnblock,
  onDelete,
  onReport,
}: {
  isBlocked: boolean;
  onBlock: () => void;
  onUnblock: () => void;
  onDelete: () => void;
  /** Report abuse (rates their latest message abusive, which blocks them): when one was received. */
  onReport?: () => void;
}) {
  return (
    <DropdownMenu>
      <OptionsTrigger label={texts.conversationOptions} />
      <DropdownMenuContent align="end">
        {onReport ? (
          <DropdownMenuItem isDestructive onSelect={onReport}>
            <Flag aria-hidden className="h-4 w-4" />
            {feedbackUiTexts.reportAbuse}
          </DropdownMenuItem>
        ) : null}
        {isBlocked ? (
          <DropdownMenuItem onSelect={onUnblock}>
            <Ban aria-hidden className="h-4 w-4" />
            {safetyTexts.unblock}
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={onBlock}>
            <Ban aria-hidden className="h-4 w-4" />
            {texts.blockSender}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem isDestructive onSelect={onDelete}>
          <Trash2 aria-hidden className="h-4 w-4" />
          {texts.deleteConversation}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function Composer({ conversation, onSent }: { conversation: Conversation; onSent: () => void }) {
  const reply = useReply(conversation.id);
  const [draft, setDraft] = useState('');
  useRefusedQueuedReplies(conversation.id, (content) => setDraft((typed) => typed || content));
  const send = (content: string) => {
    const variables = newReply(content);
    // Offline, the message joins the chat marked "Will send when you're back online", and the composer empties.
    if (variables.isQueued) {
      reply.mutate(variables);
      setDraft('');
      return;
    }
    reply.mutate(variables, {
      onSuccess: () => {
        setDraft('');
        onSent();
      },
    });
  };
  return (
    <ReplyForm
      id="reply"
      draft={draft}
      onDraftChange={setDraft}
      onSend={send}
      // A reply waiting for the connection does not hold the composer (decision 0142).
      isSending={reply.isPending && !reply.isPaused}
    />
  );
}

/**
 * One conversation as a messenger shows it (docs/decisions/0136-messenger-basics.md): the header names the
 * other side and, for an owner, which of their vehicles was written to; the newest message at the bottom
 * above the composer; a new message scrolls into view unless the reader has scrolled up, who is offered
 * "1 new message ↓" instead.
 */
function ChatView({ conversation, onLeave }: { conversation: Conversation; onLeave: () => void }) {
  const messages = useConversationMessages(conversation.id);
  const markRead = useMarkRead(conversation.id);
  const now = useNow(30_000);
  const list = messages.data ?? [];
  const scroll = useChatScroll(list);
  const to = writtenTo(conversation);
  usePageTitle(otherPartyName(conversation));
  // Block, Delete message and Delete conversation ask first, then offer Undo on their toast (decision 0138).
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const deleteMessage = useDeleteMessage(conversation.id);
  const deleteConversation = useDeleteConversation(onLeave);
  const blockSender = useBlockSender();
  const unblock = useUnblockInChat();
  const otherSide = otherSideOf(conversation);
  // The caller's ratings of what they received, and Report abuse: their latest message (decision 0151).
  const given = useGivenFeedback(conversation.id);
  const rate = useRateMessage(conversation.id);
  const ratingOf = new Map(given.data?.map((entry) => [entry.messageId, entry.rating]));
  const reportable = latestReceived(list);
  const { block } = conversation;
  const offlineBannerHeight = useOfflineBannerHeight();
  // The notice that takes the composer's place is taller: the thread ends above it, at its newest message.
  const blockId = block?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the chat is blocked, not each render
  useLayoutEffect(() => {
    if (blockId !== undefined) scroll.toNewest();
  }, [blockId]);

  // The owner's answer adds a line above the composer: the newest message stays above it, not behind it.
  const answeredAt = conversation.ownerStatus?.at;
  // biome-ignore lint/correctness/useExhaustiveDependencies: when an answer comes, not each render
  useLayoutEffect(() => {
    if (answeredAt !== undefined) scroll.keepNewest();
  }, [answeredAt]);

  // Marked read on opening, and again when a message arrives while the chat is open (it is read where it
  // arrived), not per render.
  const hasUnread = conversation.unreadCount > 0;
  const markedReadId = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the opening and the arrivals, not each render
  useEffect(() => {
    if (markedReadId.current === conversation.id && !hasUnread) return;
    markedReadId.current = conversation.id;
    markRead.mutate(conversation.ownVehicleId);
  }, [conversation.id, hasUnread]);

  return (
    <div className="flex min-h-dvh flex-col">
      <header
        style={{ top: offlineBannerHeight }}
        className="sticky z-10 flex items-center gap-2 border-b border-border bg-background px-3 py-2"
      >
        <Tooltip label={texts.back} className="shrink-0">
          <Button size="icon" variant="ghost" aria-label={texts.back} onClick={onLeave}>
            <ArrowLeft aria-hidden className="h-5 w-5" />
          </Button>
        </Tooltip>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-bold leading-tight">{otherPartyName(conversation)}</h1>
          {to ? <p className="truncate text-sm text-muted-foreground">{to}</p> : null}
        </div>
        <ConversationMenu
          isBlocked={block !== null}
          onBlock={() =>
            setConfirmation({
              ...safetyTexts.confirmBlock[otherSide],
              onConfirm: () => blockSender.mutate({ conversationId: conversation.id, otherSide }),
            })
          }
          onUnblock={() => block && unblock.mutate(block)}
          onReport={
            reportable && ratingOf.get(reportable.id) !== 'abusive'
              ? () =>
                  setConfirmation({
                    ...confirmReport(otherSide),
                    onConfirm: () => rate.mutate({ messageId: reportable.id, rating: 'abusive' }),
                  })
              : undefined
          }
          onDelete={() =>
            setConfirmation({
              ...safetyTexts.confirmDeleteConversation,
              onConfirm: () => deleteConversation(conversation.id),
            })
          }
        />
      </header>
      <div className="flex flex-1 flex-col justify-end px-5 py-4">
        {messages.isPending ? (
          <PageSpinner />
        ) : (
          <ol className="flex flex-col gap-3" aria-label={texts.messagesLabel}>
            {list.map((message) => (
              <MessageBubble
                key={message.id}
                message={message}
                now={now}
                feedback={
                  message.isMine ? null : (
                    <MessageFeedback
                      rating={ratingOf.get(message.id)}
                      onRate={(rating) => rate.mutate({ messageId: message.id, rating })}
                    />
                  )
                }
                onDelete={() =>
                  setConfirmation({
                    ...safetyTexts.confirmDeleteMessage,
                    onConfirm: () => deleteMessage(message.id),
                  })
                }
              />
            ))}
            <QueuedReplies conversationId={conversation.id} />
          </ol>
        )}
      </div>
      <div className="sticky bottom-0 border-t border-border bg-background px-5 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3">
        {scroll.unseen > 0 ? (
          <div className="absolute inset-x-0 -top-14 flex justify-center">
            <Button
              size="small"
              variant="secondary"
              className="rounded-full shadow"
              onClick={scroll.toNewest}
            >
              {texts.newMessages({ count: scroll.unseen })}
              <ArrowDown aria-hidden className="h-4 w-4" />
            </Button>
          </div>
        ) : null}
        {block ? (
          <BlockedNotice conversation={conversation} block={block} now={now} />
        ) : conversation.canReply ? (
          <>
            <OwnerAnswers conversation={conversation} now={now} />
            <Composer conversation={conversation} onSent={scroll.toNewest} />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{texts.cannotReply}</p>
        )}
      </div>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </div>
  );
}

/**
 * /conversations/{id}: one chat, at a URL of its own, so that Back (the browser's, Android's) returns to
 * the list. Opened from the list, the chat's back button goes back in history; opened directly (a
 * notification, a bookmark), it replaces the chat with the list.
 */
export function ConversationChatPage({ params }: { params: { conversationId: string } }) {
  const conversations = useConversations();
  const [, navigate] = useLocation();
  const leave = () => {
    if ((window.history.state as { fromList?: boolean } | null)?.fromList) window.history.back();
    else navigate('/conversations', { replace: true });
  };
  if (conversations.isPending) return <PageSpinner />;
  const conversation = conversations.data?.find((item) => item.id === params.conversationId);
  if (!conversation)
    return (
      <div className="flex flex-col items-center gap-4 px-5 py-10 text-center">
        <p className="font-semibold">{texts.conversationGone}</p>
        <Button asChild variant="outline">
          <Link href="/conversations" replace>
            {texts.back}
          </Link>
        </Button>
      </div>
    );
  return <ChatView key={conversation.id} conversation={conversation} onLeave={leave} />;
}
