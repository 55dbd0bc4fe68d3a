import { Check } from 'lucide-react';
import type { Conversation } from '../../../shared/messaging/messages.contract.js';
import { OWNER_STATUS_CODES, ownerStatusTexts } from '../../../shared/messaging/owner-status.js';
import { currentLocale } from '../../lib/i18n.js';
import { messageTime } from '../../lib/message-time.js';
import { isOwnersSide } from './conversation-display.js';
import { useAnswerAsOwner } from './conversation-mutations.js';
import { ownerAnswerTexts } from './owner-answer-texts.js';

function AnswerLine({ children, at, className }: { children: string; at: string; className: string }) {
  return (
    <p className={className}>
      <time dateTime={at} title={new Date(at).toLocaleString(currentLocale())}>
        {children}
      </time>
    </p>
  );
}

/**
 * The owner's one-tap answers (docs/decisions/0147-one-tap-answers.md), above the composer. To the owner of
 * the vehicle written to: the four answers as chips, the latest one marked and said with its time. To the
 * other side: the owner's latest answer with its time, if they gave one.
 */
export function OwnerAnswers({ conversation, now }: { conversation: Conversation; now: number }) {
  const status = conversation.ownerStatus;
  if (!isOwnersSide(conversation)) {
    return status ? (
      <AnswerLine at={status.at} className="mb-3 text-sm font-medium">
        {ownerAnswerTexts.ownerAnswered({
          text: ownerStatusTexts[status.code],
          time: messageTime(status.at, now, currentLocale()),
        })}
      </AnswerLine>
    ) : null;
  }
  return <AnswerChips conversation={conversation} now={now} />;
}

function AnswerChips({ conversation, now }: { conversation: Conversation; now: number }) {
  const answer = useAnswerAsOwner(conversation.id);
  const status = conversation.ownerStatus;
  return (
    <div className="mb-3 flex flex-col gap-2">
      {status ? (
        <AnswerLine at={status.at} className="text-sm text-muted-foreground">
          {ownerAnswerTexts.youAnswered({
            text: ownerStatusTexts[status.code],
            time: messageTime(status.at, now, currentLocale()),
          })}
        </AnswerLine>
      ) : null}
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{ownerAnswerTexts.answers}</legend>
        {OWNER_STATUS_CODES.map((code) => {
          const isChosen = status?.code === code;
          return (
            <button
              key={code}
              type="button"
              aria-pressed={isChosen}
              onClick={() => answer.mutate(code)}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-input px-3 py-2 text-left text-sm aria-pressed:border-primary aria-pressed:bg-primary/10 aria-pressed:font-semibold"
            >
              {isChosen ? <Check aria-hidden className="h-4 w-4 shrink-0" /> : null}
              {ownerStatusTexts[code]}
            </button>
          );
        })}
      </fieldset>
    </div>
  );
}
