import { useMutation } from '@tanstack/react-query';
import { messageResultSchema } from '../../../shared/auth/auth.contract.js';
import { type BlockedUser, blockTexts } from '../../../shared/messaging/blocks.contract.js';
import { apiRequest } from '../../lib/api.js';
import { queryClient } from '../../lib/query-client.js';
import { toast } from '../../lib/toast.js';
import { showVehicleFailure } from '../vehicles/failures.js';
import { blockKeys } from './queries.js';
import { blockedUsersTexts as texts } from './texts.js';

/** DELETE /api/block/{key} by the block's id (ADDENDUM §1); the list is read again either way. */
export function useUnblock() {
  return useMutation({
    mutationFn: (block: BlockedUser) =>
      apiRequest('DELETE', `/api/block/${encodeURIComponent(block.id)}`, undefined, {
        response: messageResultSchema,
      }),
    onSuccess: () => {
      toast({ title: blockTexts.unblocked, description: texts.unblockedDescription });
    },
    // Spec §8: "Failed to unblock user. Please try again." (a gone session still goes to the shared handler).
    onError: (error) =>
      showVehicleFailure(error, 'unblocking a user', texts.failedTitle, texts.unblockFailed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blockKeys.blockedUsers }),
  });
}
