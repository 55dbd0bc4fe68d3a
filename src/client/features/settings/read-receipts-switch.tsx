import { useMutation, useQuery } from '@tanstack/react-query';
import { messagePreferencesResponseSchema } from '../../../shared/messaging/status.contract.js';
import { SwitchRow } from '../../components/ui/switch-row.js';
import { apiRequest, readQuery } from '../../lib/api.js';
import { handleApiError } from '../../lib/handle-error.js';
import { queryClient } from '../../lib/query-client.js';
import { settingsTexts as texts } from './texts.js';

const preferencesKey = ['/api/messages/preferences'] as const;
/** What the console's warning says was being done (a log's words, never shown). */
const LOG_CONTEXT = 'saving read receipts';

/**
 * Whether the owner sends read receipts (issue 32, on unless turned off): a sender's status page shows Seen
 * when they open the message, else only Delivered. The server honours it, so the account keeps it.
 */
export function ReadReceiptsSwitch() {
  const preferences = useQuery({
    queryKey: preferencesKey,
    queryFn: readQuery(messagePreferencesResponseSchema),
  });
  const save = useMutation({
    mutationFn: (readReceipts: boolean) =>
      apiRequest(
        'PUT',
        '/api/messages/preferences',
        { readReceipts },
        { response: messagePreferencesResponseSchema },
      ),
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey, saved),
    onError: (error) => handleApiError(error, { context: LOG_CONTEXT }),
  });
  if (!preferences.data) return null;
  const checked = save.isPending ? save.variables : preferences.data.readReceipts;
  return (
    <SwitchRow
      label={texts.readReceipts}
      description={texts.readReceiptsHint}
      checked={checked}
      onCheckedChange={(next) => save.mutate(next)}
    />
  );
}
