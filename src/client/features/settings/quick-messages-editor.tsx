import { Plus, RotateCcw, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { shownQuickMessage } from '../../../shared/messaging/messages.contract.js';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { Tooltip } from '../../components/ui/tooltip.js';
import {
  defaultPreferences,
  QUICK_MESSAGE_MAX_LENGTH,
  QUICK_MESSAGES_MAX,
  updatePreferences,
} from '../../lib/preferences.js';
import { usePreferences } from '../../lib/use-preferences.js';
import { settingsTexts as texts } from './texts.js';

/**
 * The quick messages the Send Message screen offers (spec §3 Default quick messages), edited here and kept
 * in the preferences cookie: remove one, add one (at most 10 of at most 100 characters), or go back to the
 * spec's six.
 */
export function QuickMessagesEditor() {
  const { quickMessages } = usePreferences();
  const [draft, setDraft] = useState('');
  const text = draft.trim();
  const isFull = quickMessages.length >= QUICK_MESSAGES_MAX;
  const isRepeat = quickMessages.includes(text);

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!text || isFull || isRepeat) return;
    updatePreferences({ quickMessages: [...quickMessages, text] });
    setDraft('');
  };

  return (
    <div className="flex flex-col gap-3">
      <div>
        <h3 className="font-medium">{texts.quickMessagesTitle}</h3>
        <p className="text-sm text-muted-foreground">{texts.quickMessagesHint}</p>
      </div>
      {quickMessages.length === 0 ? (
        <p className="text-sm text-muted-foreground">{texts.quickMessagesEmpty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
          {quickMessages.map((message) => (
            <li key={message} className="flex items-center gap-2 py-1 pr-1 pl-3 text-sm">
              <span className="flex-1 [overflow-wrap:anywhere]">{shownQuickMessage(message)}</span>
              <Tooltip label={texts.remove} side="top" className="shrink-0">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={texts.removeQuickMessage({ message: shownQuickMessage(message) })}
                  onClick={() =>
                    updatePreferences({ quickMessages: quickMessages.filter((kept) => kept !== message) })
                  }
                >
                  <X aria-hidden className="h-4 w-4" />
                </Button>
              </Tooltip>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} className="flex gap-2">
        <Input
          aria-label={texts.newQuickMessage}
          placeholder={texts.newQuickMessage}
          maxLength={QUICK_MESSAGE_MAX_LENGTH}
          value={draft}
          disabled={isFull}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={!text || isFull || isRepeat}>
          <Plus aria-hidden className="h-4 w-4" />
          {texts.addQuickMessage}
        </Button>
      </form>
      {isFull ? <p className="text-sm text-muted-foreground">{texts.quickMessagesFull}</p> : null}
      <Button
        variant="ghost"
        className="self-start"
        onClick={() => updatePreferences({ quickMessages: [...defaultPreferences.quickMessages] })}
      >
        <RotateCcw aria-hidden className="h-4 w-4" />
        {texts.restoreQuickMessages}
      </Button>
    </div>
  );
}
