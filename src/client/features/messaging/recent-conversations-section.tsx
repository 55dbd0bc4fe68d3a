import { Link } from 'wouter';
import type { Conversation } from '../../../shared/messaging/messages.contract.js';
import { Card } from '../../components/ui/card.js';
import { Spinner } from '../../components/ui/spinner.js';
import { currentLocale } from '../../lib/i18n.js';
import { messageTime } from '../../lib/message-time.js';
import { usePreferences } from '../../lib/use-preferences.js';
import { colorLabel } from '../vehicles/vehicle-display.js';
import { lastMessagePreview, otherPartyName, writtenTo } from './conversation-display.js';
import { useConversations } from './queries.js';
import { HOME_CONVERSATION_COUNT, recentConversationTexts as texts } from './texts.js';

function RecentRow({ conversation }: { conversation: Conversation }) {
  const other = conversation.otherParty;
  const { privacyMode } = usePreferences();
  const to = writtenTo(conversation);
  return (
    <li>
      <Link
        href={`/conversations/${encodeURIComponent(conversation.id)}`}
        className="flex min-h-11 flex-col gap-0.5 p-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
      >
        <span className="flex items-center justify-between gap-2">
          <span className="truncate font-semibold">{otherPartyName(conversation)}</span>
          <span className="shrink-0 text-xs text-muted-foreground">
            {conversation.lastMessageAt
              ? messageTime(conversation.lastMessageAt, Date.now(), currentLocale())
              : ''}
          </span>
        </span>
        {to ? <span className="truncate text-xs text-muted-foreground">{to}</span> : null}
        <span className="line-clamp-2 text-sm">{lastMessagePreview(conversation, privacyMode)}</span>
        {'kind' in other ? null : (
          <span className="text-xs text-muted-foreground">
            {other.licensePlate} · {colorLabel(other.color)}
          </span>
        )}
      </Link>
    </li>
  );
}

/** Home's Recent conversations (spec §2 Home): the first 3, and a link to all of them. */
export function RecentConversationsSection() {
  const { data, isPending, isError } = useConversations();
  const conversations = data ?? [];
  return (
    <section aria-labelledby="recent-conversations-title" className="flex flex-col gap-3">
      {/* Heading and link each whole on one line; at 390 px the link goes under the heading (issue 31, point 10). */}
      <div className="flex flex-wrap items-center justify-between gap-x-2">
        <h2 id="recent-conversations-title" className="whitespace-nowrap text-lg font-semibold">
          {texts.title}
        </h2>
        <Link
          href="/conversations"
          className="-mr-2 ml-auto inline-flex min-h-11 shrink-0 items-center whitespace-nowrap rounded-lg px-2 text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {conversations.length > 0 ? texts.viewAll : texts.view}
        </Link>
      </div>
      {isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={texts.loading} />
        </div>
      ) : isError ? null : conversations.length === 0 ? (
        <Card className="px-5 py-6 text-center text-sm text-muted-foreground">{texts.empty}</Card>
      ) : (
        <Card>
          <ul className="divide-y divide-border">
            {conversations.slice(0, HOME_CONVERSATION_COUNT).map((conversation) => (
              <RecentRow key={conversation.id} conversation={conversation} />
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}
