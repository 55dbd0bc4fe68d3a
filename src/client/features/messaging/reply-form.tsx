import { Send } from 'lucide-react';
import type { FormEvent, KeyboardEvent } from 'react';
import { MESSAGE_MAX_LENGTH, replyRequestSchema } from '../../../shared/messaging/messages.contract.js';
import { contactNoticeTexts } from '../../../shared/messaging/scrub-texts.js';
import { Button } from '../../components/ui/button.js';
import { Tooltip } from '../../components/ui/tooltip.js';
import { replyTexts as texts } from './texts.js';

/**
 * The box a reply is written in, in a chat and on a sent message's status page: Enter sends, Shift+Enter
 * breaks the line, and blank text cannot be sent (spec §5: the route's own contract says what can).
 * `onSend` gets the text as the route takes it; the caller empties `draft` once it is sent. Under it, the
 * writer is told that contact details are masked (decision 0148).
 */
export function ReplyForm({
  id,
  draft,
  onDraftChange,
  onSend,
  isSending,
}: {
  id: string;
  draft: string;
  onDraftChange: (draft: string) => void;
  onSend: (content: string) => void;
  isSending: boolean;
}) {
  const request = replyRequestSchema.safeParse({ content: draft });
  const send = () => {
    if (request.success && !isSending) onSend(request.data.content);
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
    <div className="flex flex-col gap-1">
      <form onSubmit={onSubmit} className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          {texts.label}
        </label>
        <textarea
          id={id}
          rows={2}
          maxLength={MESSAGE_MAX_LENGTH}
          value={draft}
          placeholder={texts.placeholder}
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={`${id}-notice`}
          className="min-h-11 min-w-0 flex-1 rounded-xl border border-input bg-background p-2 text-base"
        />
        <Tooltip label={texts.send} side="top" className="shrink-0">
          <Button type="submit" size="icon" aria-label={texts.send} disabled={!request.success || isSending}>
            <Send aria-hidden className="h-5 w-5" />
          </Button>
        </Tooltip>
      </form>
      <p id={`${id}-notice`} className="text-xs text-muted-foreground">
        {contactNoticeTexts.notice}
      </p>
    </div>
  );
}
