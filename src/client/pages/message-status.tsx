import { BellPlus, Circle, CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { messageTexts } from '../../shared/messaging/messages.contract.js';
import {
  MESSAGE_STATES,
  type MessageStatus,
  ownerStatusTexts,
} from '../../shared/messaging/status.contract.js';
import { usePageTitle } from '../components/page-title.js';
import { Button } from '../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.js';
import { PageSpinner } from '../components/ui/spinner.js';
import { useUser } from '../features/auth/queries.js';
import { useAnswer, useMessageStatus, useNotifyAgain } from '../features/messaging/message-status.js';
import { ReplyForm } from '../features/messaging/reply-form.js';
import { messageStatusTexts as texts } from '../features/messaging/status-texts.js';
import { messageSuccessTexts } from '../features/messaging/texts.js';
import { currentLocale } from '../lib/i18n.js';
import { messageTime } from '../lib/message-time.js';
import { MINUTE_MS } from '../lib/time.js';
import { dismissErrorToasts } from '../lib/toast.js';
import { useNow } from '../lib/use-now.js';

/** Relative times ("2 min ago") and Notify again's wait are renewed this often. */
const CLOCK_MS = 15_000;

function HomeButton() {
  return (
    <Button asChild size="large">
      <Link href="/">{messageSuccessTexts.home}</Link>
    </Button>
  );
}

/** Read against this moment and this device's time zone: the server's drawing of it may differ a little. */
function RelativeTime({ at, now }: { at: string; now: number }) {
  return (
    <time
      suppressHydrationWarning
      dateTime={at}
      title={new Date(at).toLocaleString(currentLocale())}
      className="text-sm text-muted-foreground"
    >
      {messageTime(at, now, currentLocale())}
    </time>
  );
}

/** Sent → Delivered → Seen: the current step marked, each step reached with when. */
function Steps({ status, now }: { status: MessageStatus; now: number }) {
  const current = MESSAGE_STATES.indexOf(status.state);
  const reachedAt = { sent: status.createdAt, delivered: status.deliveredAt, seen: status.seenAt };
  return (
    <ol aria-label={texts.stepsLabel} className="flex flex-col gap-2">
      {MESSAGE_STATES.map((step, index) => {
        const isReached = index <= current;
        const at = reachedAt[step];
        const Icon = isReached ? CircleCheck : Circle;
        return (
          <li
            key={step}
            aria-current={index === current ? 'step' : undefined}
            className="flex min-h-8 items-center gap-3"
          >
            <Icon
              aria-hidden
              className={
                isReached ? 'h-6 w-6 shrink-0 text-emerald-600' : 'h-6 w-6 shrink-0 text-muted-foreground'
              }
            />
            <span
              className={
                index === current
                  ? 'flex-1 font-semibold'
                  : isReached
                    ? 'flex-1'
                    : 'flex-1 text-muted-foreground'
              }
            >
              {texts.steps[step]}
            </span>
            {isReached && at ? <RelativeTime at={at} now={now} /> : null}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * Notify again (issue 32): while the owner has neither seen nor answered, and it is not used yet; disabled
 * with the time left until it may be used.
 */
function NotifyAgain({ status, now }: { status: MessageStatus; now: number }) {
  const notify = useNotifyAgain(status.id);
  const at = status.notifyAgainAt === null ? null : Date.parse(status.notifyAgainAt);
  const isOwnerSilent = status.state !== 'seen' && status.ownerStatus === null;
  if (!isOwnerSilent || notify.isSuccess || (!status.canNotifyAgain && at === null)) return null;
  const isReady = status.canNotifyAgain || (at !== null && now >= at);
  const minutesLeft = at === null ? 0 : Math.max(1, Math.ceil((at - now) / MINUTE_MS));
  return (
    <Button
      // The minutes left, as the server counted them a moment ago.
      suppressHydrationWarning
      variant="outline"
      size="large"
      disabled={!isReady || notify.isPending}
      onClick={() => notify.mutate()}
    >
      <BellPlus aria-hidden className="h-5 w-5" />
      {isReady ? texts.notifyAgain : texts.notifyAgainIn({ minutes: minutesLeft })}
    </Button>
  );
}

function Bubble({ content, isMine }: { content: string; isMine: boolean }) {
  return (
    <p
      className={
        isMine
          ? 'max-w-[85%] min-w-0 rounded-2xl rounded-br-sm bg-primary-solid px-3 py-2 text-primary-foreground [overflow-wrap:anywhere]'
          : 'max-w-[85%] min-w-0 rounded-2xl rounded-bl-sm bg-muted px-3 py-2 [overflow-wrap:anywhere]'
      }
    >
      {content}
    </p>
  );
}

/** The sender's answer to the owner, in the same conversation; the text stays in the box if it is refused. */
function AnswerBox({ status }: { status: MessageStatus }) {
  const answer = useAnswer(status);
  const [draft, setDraft] = useState('');
  // Its own Idempotency-Key, made as it is sent: the mutation's retry after a lost answer stores it once.
  const send = (content: string) =>
    answer.mutate({ content, idempotencyKey: crypto.randomUUID() }, { onSuccess: () => setDraft('') });
  return (
    <ReplyForm
      id="answer"
      draft={draft}
      onDraftChange={setDraft}
      onSend={send}
      isSending={answer.isPending}
    />
  );
}

function StatusView({ status }: { status: MessageStatus }) {
  const now = useNow(CLOCK_MS);
  usePageTitle(messageSuccessTexts.title);
  // The failure toasts of earlier tries are no longer true once the message went.
  useEffect(dismissErrorToasts, []);
  const { ownerStatus } = status;
  // The owner's answer by its code, in the reader's language (the server's words are the request's).
  const answer = ownerStatus ? ownerStatusTexts[ownerStatus.code] : '';
  // The message itself heads the page; below it, what came after, both sides, oldest first.
  const thread = status.thread.filter((message) => message.id !== status.id);
  return (
    <div className="flex flex-col gap-5 px-5 pb-10 pt-6">
      <Card>
        <CardHeader className="items-center text-center">
          <CircleCheck aria-hidden className="h-14 w-14 text-emerald-500" />
          <CardTitle as="h1" className="text-xl">
            {messageSuccessTexts.title}
          </CardTitle>
          <CardDescription>{messageSuccessTexts.delivered}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <section aria-label={texts.yourMessage} className="flex justify-end">
            <Bubble content={status.content} isMine />
          </section>
          <Steps status={status} now={now} />
          {/* What changes is told politely; the step list and the answer below are what is seen. */}
          <p role="status" className="sr-only">
            {ownerStatus ? `${texts.steps[status.state]}. ${answer}` : texts.steps[status.state]}
          </p>
          {ownerStatus ? (
            <div className="flex flex-col gap-1 rounded-2xl border border-primary/40 bg-primary/10 p-3">
              <p className="text-sm text-muted-foreground">{texts.ownerAnswer}</p>
              <p className="flex flex-wrap items-baseline justify-between gap-x-3 font-semibold">
                <span data-testid="owner-status">{answer}</span>
                <RelativeTime at={ownerStatus.at} now={now} />
              </p>
            </div>
          ) : null}
          <NotifyAgain status={status} now={now} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{texts.conversation}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {thread.length > 0 ? (
            // A log: what arrives is read out politely.
            <div role="log" aria-label={texts.conversation}>
              <ol className="flex flex-col gap-3">
                {thread.map((message) => (
                  <li
                    key={message.id}
                    className={message.isMine ? 'flex flex-col items-end' : 'flex flex-col items-start'}
                  >
                    <Bubble content={message.content} isMine={message.isMine} />
                    <span className="mt-1">
                      <RelativeTime at={message.createdAt} now={now} />
                    </span>
                  </li>
                ))}
              </ol>
            </div>
          ) : status.recipientDeleted ? null : (
            <p className="text-sm text-muted-foreground">{texts.noReplies}</p>
          )}
          {status.recipientDeleted ? (
            <p className="text-sm text-muted-foreground" data-testid="recipient-deleted">
              {messageTexts.deletedAccountReply}
            </p>
          ) : (
            <AnswerBox status={status} />
          )}
        </CardContent>
      </Card>
      <HomeButton />
    </div>
  );
}

/** A message whose status this browser or account may not see (another's, or gone after 24 hours). */
function NotShown() {
  usePageTitle(texts.notFoundTitle);
  return (
    <div className="flex flex-col gap-5 px-5 pb-10 pt-10">
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-xl">
            {texts.notFoundTitle}
          </CardTitle>
          <CardDescription>{texts.notFound}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col">
          <HomeButton />
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * /sent/{messageId} (issue 32, docs/decisions/0146-the-senders-status-page.md): Message Success for a real
 * vehicle, live: the message, Sent → Delivered → Seen, the owner's answer and replies, the sender's answer box
 * and Notify again. Reopenable by its address for 24 hours by its sender; no return home on its own.
 */
export function MessageStatusPage({ params }: { params: { messageId: string } }) {
  const { data: user } = useUser();
  const status = useMessageStatus(params.messageId, user === null);
  if (status.isPending) return <PageSpinner />;
  if (!status.data) return <NotShown />;
  return <StatusView status={status.data} />;
}
