import { ArrowLeft, Ban, EllipsisVertical, QrCode, RectangleHorizontal, Send, Trash2 } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import {
  type Conversation,
  MESSAGE_MAX_LENGTH,
  type Message,
  replyRequestSchema,
} from '../../shared/messaging/messages.contract.js';
import { usePageTitle } from '../components/page-title.js';
import { SignInRequired } from '../components/sign-in-required.js';
import { Button } from '../components/ui/button.js';
import { Card, CardContent } from '../components/ui/card.js';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu.js';
import { PageSpinner } from '../components/ui/spinner.js';
import { Tooltip } from '../components/ui/tooltip.js';
import { lastMessagePreview, otherPartyName } from '../features/messaging/conversation-display.js';
import {
  useBlockSender,
  useDeleteConversation,
  useDeleteMessage,
  useMarkRead,
  useReply,
} from '../features/messaging/conversation-mutations.js';
import { useConversationMessages, useConversations } from '../features/messaging/queries.js';
import { conversationTexts as texts } from '../features/messaging/texts.js';
import { colorLabel } from '../features/vehicles/vehicle-display.js';
import { usePreferences } from '../lib/use-preferences.js';

const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

function ConversationRow({ conversation, onOpen }: { conversation: Conversation; onOpen: () => void }) {
  const other = conversation.otherParty;
  const { privacyMode } = usePreferences();
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="flex min-h-16 w-full flex-col gap-1 rounded-2xl border border-border bg-card p-4 text-left"
      >
        <span className="flex w-full items-center justify-between gap-2">
          <span className="truncate font-semibold">{otherPartyName(conversation)}</span>
          {conversation.unreadCount > 0 ? (
            <span className="rounded-full bg-primary-solid px-2 text-xs font-bold leading-5 text-primary-foreground">
              {texts.unread(conversation.unreadCount)}
            </span>
          ) : null}
        </span>
        <span className="text-xs text-muted-foreground">{formatDate(conversation.lastMessageAt)}</span>
        <span className="line-clamp-2 text-sm">{lastMessagePreview(conversation, privacyMode)}</span>
        {'kind' in other ? null : (
          <span className="text-xs text-muted-foreground">
            {other.licensePlate} · {colorLabel(other.color)}
          </span>
        )}
      </button>
    </li>
  );
}

function EmptyState() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-6 text-center">
        <p className="font-semibold">{texts.empty}</p>
        <p className="text-sm text-muted-foreground">{texts.emptyHint}</p>
        <Button asChild size="large" className="w-full">
          <Link href="/qr-scanner">
            <QrCode aria-hidden className="h-5 w-5" />
            {texts.scanQr}
          </Link>
        </Button>
        <Button asChild size="large" variant="outline" className="w-full">
          <Link href="/license-plate">
            <RectangleHorizontal aria-hidden className="h-5 w-5" />
            {texts.lookUpPlate}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
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
function MessageMenu({ message }: { message: Message }) {
  const deleteMessage = useDeleteMessage();
  return (
    <DropdownMenu>
      <OptionsTrigger label={texts.messageOptions} />
      <DropdownMenuContent align="end">
        <DropdownMenuItem isDestructive onSelect={() => deleteMessage.mutate(message.id)}>
          <Trash2 aria-hidden className="h-4 w-4" />
          {texts.deleteMessage}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function MessageBubble({ message }: { message: Message }) {
  return (
    <li className={message.isMine ? 'flex flex-col items-end' : 'flex flex-col items-start'}>
      {/* Mine carries its 44 px menu button beside the bubble, so its row may be wider. */}
      <div className={message.isMine ? 'flex max-w-[90%] items-center gap-1' : 'flex max-w-[80%]'}>
        {message.isMine ? <MessageMenu message={message} /> : null}
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
      <span className="mt-1 text-xs text-muted-foreground">{formatDate(message.createdAt)}</span>
    </li>
  );
}

/** Spec §2: the delete-conversation menu, which also blocks the other side, from either side (0083). */
function ConversationMenu({ conversation, onBack }: { conversation: Conversation; onBack: () => void }) {
  const deleteConversation = useDeleteConversation(onBack);
  const blockSender = useBlockSender(onBack);
  return (
    <DropdownMenu>
      <OptionsTrigger label={texts.conversationOptions} />
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => blockSender.mutate(conversation.id)}>
          <Ban aria-hidden className="h-4 w-4" />
          {texts.blockSender}
        </DropdownMenuItem>
        <DropdownMenuItem isDestructive onSelect={() => deleteConversation.mutate(conversation.id)}>
          <Trash2 aria-hidden className="h-4 w-4" />
          {texts.deleteConversation}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function ChatView({ conversation, onBack }: { conversation: Conversation; onBack: () => void }) {
  const messages = useConversationMessages(conversation.id);
  const markRead = useMarkRead(conversation.id);
  const reply = useReply(conversation.id);
  const [draft, setDraft] = useState('');
  usePageTitle(otherPartyName(conversation));

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

  // Spec §5: blank text cannot be sent; the route's own contract says what can.
  const request = replyRequestSchema.safeParse({ content: draft });
  const send = () => {
    if (!request.success || reply.isPending) return;
    reply.mutate(request.data.content, { onSuccess: () => setDraft('') });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  };

  return (
    <div className="flex flex-col gap-4 px-5 pb-6 pt-4">
      <header className="flex items-center gap-2">
        <Tooltip label={texts.back} className="shrink-0">
          <Button size="icon" variant="ghost" aria-label={texts.back} onClick={onBack}>
            <ArrowLeft aria-hidden className="h-5 w-5" />
          </Button>
        </Tooltip>
        <h1 className="min-w-0 flex-1 truncate text-xl font-bold">{otherPartyName(conversation)}</h1>
        <ConversationMenu conversation={conversation} onBack={onBack} />
      </header>
      {messages.isPending ? (
        <PageSpinner />
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Messages">
          {(messages.data ?? []).map((message) => (
            <MessageBubble key={message.id} message={message} />
          ))}
        </ol>
      )}
      {conversation.canReply ? (
        <form onSubmit={onSubmit} className="flex items-end gap-2">
          <label htmlFor="reply" className="sr-only">
            {texts.replyLabel}
          </label>
          <textarea
            id="reply"
            rows={2}
            maxLength={MESSAGE_MAX_LENGTH}
            value={draft}
            placeholder={texts.replyPlaceholder}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            className="min-h-11 flex-1 rounded-xl border border-input bg-background p-2 text-base"
          />
          <Tooltip label={texts.send} side="top" className="shrink-0">
            <Button
              type="submit"
              size="icon"
              aria-label={texts.send}
              disabled={!request.success || reply.isPending}
            >
              <Send aria-hidden className="h-5 w-5" />
            </Button>
          </Tooltip>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">{texts.cannotReply}</p>
      )}
    </div>
  );
}

/** Conversations (spec §2): the list, then a chat; ?open={id} opens one directly. */
export function ConversationsPage() {
  const conversations = useConversations();
  const search = useSearch();
  const requestedId = new URLSearchParams(search).get('open');
  const [openId, setOpenId] = useState<string | null>(requestedId);
  // A later ?open= (a notification clicked while this page is open) opens that conversation too.
  const [seenRequestId, setSeenRequestId] = useState(requestedId);
  if (requestedId !== seenRequestId) {
    setSeenRequestId(requestedId);
    setOpenId(requestedId);
  }
  usePageTitle(texts.title);

  if (conversations.isPending) return <PageSpinner />;
  const list = conversations.data ?? [];
  const open = list.find((conversation) => conversation.id === openId);
  if (open) return <ChatView conversation={open} onBack={() => setOpenId(null)} />;

  return (
    <div className="flex flex-col gap-4 px-5 pb-6 pt-4">
      <h1 className="text-2xl font-bold tracking-tight">{texts.title}</h1>
      {list.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="flex flex-col gap-3">
          {list.map((conversation) => (
            <ConversationRow
              key={conversation.id}
              conversation={conversation}
              onOpen={() => setOpenId(conversation.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

export function ConversationsSignInRequired() {
  return <SignInRequired description={texts.signInRequired} />;
}
