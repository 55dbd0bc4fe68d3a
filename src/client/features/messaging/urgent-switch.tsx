import { Check } from 'lucide-react';
import { useState } from 'react';
import { isUrgent } from '../../../shared/messaging/messages.contract.js';
import { urgentTexts } from './urgent-texts.js';

/**
 * Send Message's "Urgent" switch (a checkbox named `urgent`, which the form reads as it sends): an urgent
 * message alerts the owner even in their quiet hours. Until the finder sets it, it shows what the server
 * would do, on for the two urgent quick messages; picking one of them turns it on again. Loaded apart from
 * the page: the finder's first load carries only what every finder needs (docs/decisions/0095-first-load-budget.md).
 */
export function UrgentSwitch({
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
    <div className="flex flex-col gap-0.5">
      <label className={`flex min-h-11 items-center gap-3 font-medium${disabled ? ' opacity-75' : ''}`}>
        {/* The 20 px box drawn, the control a 44 px target around it (as components/ui/checkbox.tsx): Chromium
            draws a native checkbox at its box's size, padding ignored. */}
        <span
          className={`relative flex h-5 w-5 shrink-0 items-center justify-center rounded-md border ${checked ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-card'}`}
        >
          <input
            type="checkbox"
            name="urgent"
            role="switch"
            aria-checked={checked}
            checked={checked}
            disabled={Boolean(disabled)}
            onChange={(event) => setChosen(event.target.checked)}
            aria-describedby="urgent-hint"
            className="absolute h-11 w-11 appearance-none rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
          {checked ? <Check aria-hidden className="h-3.5 w-3.5" strokeWidth={3} /> : null}
        </span>
        {urgentTexts.label}
      </label>
      <p id="urgent-hint" className="text-xs text-muted-foreground">
        {urgentTexts.hint}
      </p>
    </div>
  );
}
