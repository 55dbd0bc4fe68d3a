import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import {
  type NotificationPreferences,
  notificationPreferencesResponseSchema,
  type QuietHours,
} from '../../../shared/push/push.contract.js';
import { Input } from '../../components/ui/input.js';
import { SwitchRow } from '../../components/ui/switch-row.js';
import { apiRequest, readQuery } from '../../lib/api.js';
import { handleApiError } from '../../lib/handle-error.js';
import { queryClient } from '../../lib/query-client.js';
import { preferencesKey } from './preview-switch.js';
import { quietHoursScreenTexts } from './quiet-hours-texts.js';

/** What the console's warning says was being done (a log's words, never shown). */
const LOG_CONTEXT = 'saving quiet hours';

/** The browser's time zone (IANA), which quiet hours are saved in. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Quiet hours (docs/decisions/0150-quiet-hours-urgent.md): a switch, the start and end times, and the time
 * zone they are in. Every change saves them whole, in this browser's time zone (a phone that moved zones
 * moves them with it on the next change).
 */
export function QuietHoursSetting() {
  const id = useId();
  const preferences = useQuery({
    queryKey: preferencesKey,
    queryFn: readQuery(notificationPreferencesResponseSchema),
  });
  const save = useMutation({
    mutationFn: (quietHours: Omit<QuietHours, 'timeZone'>) =>
      apiRequest(
        'PUT',
        '/api/push/preferences',
        { quietHours: { ...quietHours, timeZone: browserTimeZone() } },
        { response: notificationPreferencesResponseSchema },
      ),
    onSuccess: (saved: NotificationPreferences) => queryClient.setQueryData(preferencesKey, saved),
    onError: (error) => handleApiError(error, { context: LOG_CONTEXT }),
  });
  if (!preferences.data) return null;
  const saved = preferences.data.quietHours;
  const shown = save.isPending ? { ...saved, ...save.variables } : saved;
  const change = (next: Partial<Omit<QuietHours, 'timeZone'>>) => {
    const { enabled, start, end } = { ...shown, ...next };
    save.mutate({ enabled, start, end });
  };
  const time = (field: 'start' | 'end', label: string) => (
    <label className="flex flex-1 flex-col gap-1 text-sm font-medium" htmlFor={`${id}-${field}`}>
      {label}
      <Input
        id={`${id}-${field}`}
        type="time"
        required
        // Each change is saved at once: a question that waits for a form being filled does not wait for it.
        data-saves-itself=""
        value={shown[field]}
        onChange={(event) => {
          // A time input is empty while it is being typed: only whole times are saved.
          if (event.target.value) change({ [field]: event.target.value });
        }}
      />
    </label>
  );
  return (
    <div className="flex flex-col gap-2">
      <SwitchRow
        label={quietHoursScreenTexts.label}
        description={quietHoursScreenTexts.hint}
        checked={shown.enabled}
        onCheckedChange={(enabled) => change({ enabled })}
      />
      {/* Side by side while both times fit; at 320 px Until goes under From. */}
      <div className="flex flex-wrap gap-3 px-1">
        {time('start', quietHoursScreenTexts.start)}
        {time('end', quietHoursScreenTexts.end)}
      </div>
      <p className="px-1 text-sm text-muted-foreground">
        {quietHoursScreenTexts.timeZone({ zone: saved.timeZone ?? browserTimeZone() })}
      </p>
    </div>
  );
}
