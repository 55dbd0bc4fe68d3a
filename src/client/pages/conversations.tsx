import { Ban, QrCode, RectangleHorizontal } from 'lucide-react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import type { Conversation } from '../../shared/messaging/messages.contract.js';
import { usePageTitle } from '../components/page-title.js';
import { SignInRequired } from '../components/sign-in-required.js';
import { Button } from '../components/ui/button.js';
import { Card, CardContent } from '../components/ui/card.js';
import { cn } from '../components/ui/cn.js';
import { PageSpinner } from '../components/ui/spinner.js';
import { lastMessagePreview, otherPartyName, writtenTo } from '../features/messaging/conversation-display.js';
import { useConversations } from '../features/messaging/queries.js';
import { conversationTexts as texts } from '../features/messaging/texts.js';
import { colorLabel } from '../features/vehicles/vehicle-display.js';
import { currentLocale } from '../lib/i18n.js';
import { messageTime } from '../lib/message-time.js';
import { useNow } from '../lib/use-now.js';
import { usePreferences } from '../lib/use-preferences.js';

/** A thread in the list: bold while it has unread messages, named by both vehicles (for an owner). */
function ConversationRow({
  conversation,
  now,
  onOpen,
}: {
  conversation: Conversation;
  now: number;
  onOpen: () => void;
}) {
  const other = conversation.otherParty;
  const { privacyMode } = usePreferences();
  const isUnread = conversation.unreadCount > 0;
  const to = writtenTo(conversation);
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="flex min-h-16 w-full flex-col gap-1 rounded-2xl border border-border bg-card p-4 text-left"
      >
        <span className="flex w-full items-center justify-between gap-2">
          <span className={cn('truncate', isUnread ? 'font-bold' : 'font-medium')}>
            {otherPartyName(conversation)}
          </span>
          <span className="flex shrink-0 items-center gap-2">
            {conversation.block ? (
              <span className="flex items-center gap-1 text-xs font-medium text-muted-foreground">
                <Ban aria-hidden className="h-3.5 w-3.5" />
                {texts.blocked}
              </span>
            ) : null}
            {conversation.lastMessageAt ? (
              <time
                dateTime={conversation.lastMessageAt}
                className={cn(
                  'text-xs',
                  isUnread ? 'font-semibold text-foreground' : 'text-muted-foreground',
                )}
              >
                {messageTime(conversation.lastMessageAt, now, currentLocale())}
              </time>
            ) : null}
            {isUnread ? (
              <span className="rounded-full bg-primary-solid px-2 text-xs font-bold leading-5 text-primary-foreground">
                {texts.unread({ count: conversation.unreadCount })}
              </span>
            ) : null}
          </span>
        </span>
        {to ? <span className="truncate text-xs text-muted-foreground">{to}</span> : null}
        <span className={cn('line-clamp-2 text-sm', isUnread ? 'font-semibold' : 'text-muted-foreground')}>
          {lastMessagePreview(conversation, privacyMode)}
        </span>
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

/**
 * Conversations (spec §2): the list; each chat has its own URL, /conversations/{id} (conversation-chat.tsx).
 * The older ?open={id} (a notification of an earlier version) leads there.
 */
export function ConversationsPage() {
  const conversations = useConversations();
  const [, navigate] = useLocation();
  const requestedId = new URLSearchParams(useSearch()).get('open');
  const now = useNow(30_000);
  usePageTitle(texts.title);

  if (requestedId) return <Redirect to={`/conversations/${encodeURIComponent(requestedId)}`} replace />;
  if (conversations.isPending) return <PageSpinner />;
  const list = conversations.data ?? [];
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
              now={now}
              onOpen={() =>
                navigate(`/conversations/${encodeURIComponent(conversation.id)}`, {
                  state: { fromList: true },
                })
              }
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
