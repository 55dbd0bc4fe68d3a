import { useMutation, useQuery } from '@tanstack/react-query';
import { EMAIL_FALLBACK_AFTER_MS } from '../../../shared/messaging/status.contract.js';
import {
  type NotificationPreferences,
  notificationPreferencesResponseSchema,
  notificationPreferencesTexts,
} from '../../../shared/push/push.contract.js';
import { SwitchRow } from '../../components/ui/switch-row.js';
import { apiRequest, readQuery } from '../../lib/api.js';
import { handleApiError } from '../../lib/handle-error.js';
import { updatePreferences } from '../../lib/preferences.js';
import { queryClient } from '../../lib/query-client.js';
import { emailFallbackTexts } from './email-fallback-texts.js';
import { pushTexts as texts } from './push-texts.js';

export const preferencesKey = ['/api/push/preferences'] as const;

type Switch = 'showPreviews' | 'emailFallback';

/** One of the notification preferences the server keeps (GET and PUT /api/push/preferences), as a switch. */
function PreferenceSwitch({
  name,
  label,
  description,
  logContext,
  onSaved,
}: {
  name: Switch;
  label: string;
  description: string;
  /** What the console's warning says was being done (a log's words, never shown). */
  logContext: string;
  onSaved?: (saved: NotificationPreferences) => void;
}) {
  const preferences = useQuery({
    queryKey: preferencesKey,
    queryFn: readQuery(notificationPreferencesResponseSchema),
  });
  const save = useMutation({
    mutationFn: (value: boolean) =>
      apiRequest(
        'PUT',
        '/api/push/preferences',
        { [name]: value },
        { response: notificationPreferencesResponseSchema },
      ),
    onSuccess: (saved: NotificationPreferences) => {
      queryClient.setQueryData(preferencesKey, saved);
      onSaved?.(saved);
    },
    onError: (error) => handleApiError(error, { context: logContext }),
  });
  if (!preferences.data) return null;
  const checked = save.isPending ? save.variables : preferences.data[name];
  return (
    <SwitchRow
      label={label}
      description={description}
      checked={checked}
      onCheckedChange={(next) => save.mutate(next)}
    />
  );
}

/**
 * Whether notifications show the message's text (the notifications.showPreviews preference). The server
 * writes the pushes, so it keeps the owner's choice; the preferences cookie follows it for this browser.
 */
export function PreviewSwitch() {
  return (
    <PreferenceSwitch
      name="showPreviews"
      label={texts.showPreviews}
      description={texts.showPreviewsHint}
      logContext="saving notification previews"
      onSaved={(saved) => updatePreferences({ notifications: { showPreviews: saved.showPreviews } })}
    />
  );
}

/**
 * Whether the owner is e-mailed when no notification reached them (issue 32). Shown whether or not push is
 * on in this browser: it matters most when it is not.
 */
export function EmailFallbackSwitch() {
  return (
    <PreferenceSwitch
      name="emailFallback"
      label={notificationPreferencesTexts.emailFallback}
      description={emailFallbackTexts.hint({ minutes: EMAIL_FALLBACK_AFTER_MS / 60_000 })}
      logContext="saving the e-mail fallback"
    />
  );
}
