/** Send Message's words for it (issue 33, docs/decisions/0150-quiet-hours-urgent.md). */
export const urgentTexts = {
  label: 'Urgent',
  hint: 'Alerts the owner even in their quiet hours. One urgent message per hour.',
} as const;

/**
 * The "Urgent" switch of Send Message: an urgent message alerts the owner even in their quiet hours. The two
 * urgent quick messages turn it on (the page decides); the finder may turn it off. Loaded apart from the
 * page: the finder's first load has no room for it (docs/decisions/0095-first-load-budget.md).
 */
export function UrgentSwitch({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex flex-col gap-0.5">
      <label className="flex min-h-11 items-center gap-3 font-medium">
        <input
          type="checkbox"
          role="switch"
          aria-checked={checked}
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
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
