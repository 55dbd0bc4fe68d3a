import { useMutation } from '@tanstack/react-query';
import { messageResultSchema } from '../../../shared/auth/auth.contract.js';
import { type BlockedUser, blockTexts } from '../../../shared/messaging/blocks.contract.js';
import { apiRequest } from '../../lib/api.js';
import { queryClient } from '../../lib/query-client.js';
import { toast } from '../../lib/toast.js';
import { showVehicleFailure } from '../vehicles/failures.js';
import { blockKeys } from './queries.js';
import { blockedUsersTexts as texts } from './texts.js';

/**
 * DELETE /api/block/{key} by the block's id (ADDENDUM §1), wherever Unblock is offered: Blocked Users, a
 * blocked chat and a block's Undo (`onUnblocked` reads what else shows the block again). The list is read
 * again either way.
 */
export function useUnblock(onUnblocked?: () => unknown) {
  return useMutation({
    mutationFn: (block: Pick<BlockedUser, 'id'>) =>
      apiRequest('DELETE', `/api/block/${encodeURIComponent(block.id)}`, undefined, {
        response: messageResultSchema,
      }),
    onSuccess: () => {
      toast({ title: blockTexts.unblocked, description: texts.unblockedDescription });
      return onUnblocked?.();
    },
    // Spec §8: "Failed to unblock user. Please try again." (a gone session still goes to the shared handler).
    onError: (error) =>
      showVehicleFailure(error, 'unblocking a user', texts.failedTitle, texts.unblockFailed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blockKeys.blockedUsers }),
  });
}
