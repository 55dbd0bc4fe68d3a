import { useState } from 'react';
import { isUrgent } from '../../../shared/messaging/messages.contract.js';
import { CONTACT_DETAILS_NOTICE } from '../../../shared/messaging/scrub-texts.js';
import { urgentTexts } from './urgent-texts.js';

/**
 * What Send Message says under the text: that contact details are hidden (decision 0148; the text box is
 * described by it, `message-notice`), and the "Urgent" switch (a checkbox named `urgent`, which the form reads as it sends): an urgent
 * message alerts the owner even in their quiet hours. Until the finder sets it, it shows what the server
 * would do, on for the two urgent quick messages; picking one of them turns it on again. Loaded apart from
 * the page: the finder's first load has no room for them (docs/decisions/0095-first-load-budget.md).
 */
export function SendNotes({
  content,
  disabled,
}: {
  content: string;
  /** The message counting down before it goes (truthy): not changed now. */
  disabled: unknown;
}) {
  const [chosen, setChosen] = useState<boolean>();
  const [shownFor, setShownFor] = useState(content);
  if (content !== shownFor) {
    // Adjusted while rendering (no effect): an urgent quick message picked turns it on again.
    setShownFor(content);
    if (isUrgent(undefined, content)) setChosen(undefined);
  }
  const checked = isUrgent(chosen, content);
  return (
    <div className="-mt-3 flex flex-col gap-1">
      <p id="message-notice" className="text-xs text-muted-foreground">
        {CONTACT_DETAILS_NOTICE}
      </p>
      <label className="flex min-h-11 items-center gap-3 font-medium">
        <input
          type="checkbox"
          name="urgent"
          role="switch"
          aria-checked={checked}
          checked={checked}
          disabled={Boolean(disabled)}
          onChange={(event) => setChosen(event.target.checked)}
          aria-describedby="urgent-hint"
          className="h-5 w-5 accent-primary"
        />
        {urgentTexts.label}
      </label>
      <p id="urgent-hint" className="text-xs text-muted-foreground">
        {urgentTexts.hint}
      </p>
    </div>
  );
}
