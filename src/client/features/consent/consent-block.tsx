import { useId } from 'react';
import { Button } from '../../components/ui/button.js';
import { cn } from '../../components/ui/cn.js';
import { currentLocale } from '../../lib/i18n.js';
import { SHORT_TOAST_DURATION_MS, toast } from '../../lib/toast.js';
import { type ConsentStatus, resetConsent } from './consent.js';
import { answerConsent, useConsent } from './consent-agent.js';
import { consentTexts as texts } from './texts.js';
import { clearUsage } from './usage.js';

const badges = () =>
  ({
    accepted: {
      label: texts.accepted,
      className: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
    },
    declined: {
      label: texts.declined,
      className: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
    },
    none: { label: texts.notSet, className: 'bg-muted text-muted-foreground' },
  }) as const;

/** The answers the person can give from here: the other one, or both while none is given. */
const choices: Record<ConsentStatus | 'none', readonly ConsentStatus[]> = {
  accepted: ['declined'],
  declined: ['accepted'],
  none: ['accepted', 'declined'],
};
const choiceLabel = (status: ConsentStatus) => (status === 'accepted' ? texts.accept : texts.decline);

/**
 * Settings' cookie consent block (spec §2 Privacy & Automation): the badge Accepted, Declined or Not Set,
 * the date of the choice, and Reset Cookie Preferences, which forgets it and reloads after 1 s (spec §4).
 * Beside them the other answer, to change the choice at once; visitors without an account see the block
 * too (docs/decisions/0141-prompts-at-the-right-moment.md).
 */
export function ConsentBlock() {
  const consent = useConsent();
  const titleId = useId();
  const badge = badges()[consent.status ?? 'none'];
  const reset = () => {
    resetConsent(clearUsage);
    toast({
      title: texts.resetDone,
      description: texts.resetDoneDescription,
      durationMs: SHORT_TOAST_DURATION_MS,
    });
  };
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h3 id={titleId} className="font-medium">
          {texts.blockTitle}
        </h3>
        <span
          aria-live="polite"
          className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', badge.className)}
        >
          {badge.label}
        </span>
      </div>
      {consent.since ? (
        <p className="text-sm text-muted-foreground">
          {texts.since({ date: consent.since.toLocaleDateString(currentLocale()) })}
        </p>
      ) : null}
      <div className="flex gap-2">
        {choices[consent.status ?? 'none'].map((status) => (
          <Button key={status} variant="outline" className="flex-1" onClick={() => answerConsent(status)}>
            {choiceLabel(status)}
          </Button>
        ))}
      </div>
      <Button variant="outline" onClick={reset}>
        {texts.reset}
      </Button>
    </section>
  );
}
