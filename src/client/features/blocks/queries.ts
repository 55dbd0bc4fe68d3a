import { useQuery } from '@tanstack/react-query';
import { blockedUserListSchema } from '../../../shared/messaging/blocks.contract.js';
import { readQuery } from '../../lib/api.js';

/** Query keys double as paths (lib/query-keys.ts): readQuery GETs the joined key. */
export const blockKeys = {
  blockedUsers: ['/api/blocked-users'],
} as const;

export function useBlockedUsers() {
  return useQuery({ queryKey: blockKeys.blockedUsers, queryFn: readQuery(blockedUserListSchema) });
}
