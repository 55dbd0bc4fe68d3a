import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type NotificationPreferences,
  notificationPreferencesResponseSchema,
} from '../../../shared/push/push.contract.js';
import { SwitchRow } from '../../components/ui/switch-row.js';
import { apiRequest, readQuery } from '../../lib/api.js';
import { handleApiError } from '../../lib/handle-error.js';
import { updatePreferences } from '../../lib/preferences.js';
import { queryClient } from '../../lib/query-client.js';
import { pushTexts as texts } from './push-texts.js';

const preferencesKey = ['/api/push/preferences'] as const;

/**
 * Whether notifications show the message's text (the notifications.showPreviews preference). The server
 * writes the pushes, so it keeps the owner's choice; the preferences cookie follows it for this browser.
 */
export function PreviewSwitch() {
  const preferences = useQuery({
    queryKey: preferencesKey,
    queryFn: readQuery(notificationPreferencesResponseSchema),
  });
  const save = useMutation({
    mutationFn: (showPreviews: boolean) =>
      apiRequest(
        'PUT',
        '/api/push/preferences',
        { showPreviews },
        { response: notificationPreferencesResponseSchema },
      ),
    onSuccess: (saved: NotificationPreferences) => {
      queryClient.setQueryData(preferencesKey, saved);
      updatePreferences({ notifications: { showPreviews: saved.showPreviews } });
    },
    onError: (error) => handleApiError(error, { context: 'saving notification previews' }),
  });
  if (!preferences.data) return null;
  const checked = save.isPending ? save.variables : preferences.data.showPreviews;
  return (
    <SwitchRow
      label={texts.showPreviews}
      description={texts.showPreviewsHint}
      checked={checked}
      onCheckedChange={(next) => save.mutate(next)}
    />
  );
}
