import { useQuery } from '@tanstack/react-query';
import { type SupportResponse, supportResponseSchema } from '../../../shared/support/support.contract.js';
import { readQuery } from '../../lib/api.js';

/** Query keys double as paths (lib/query-keys.ts): readQuery GETs the joined key. */
export const helpKeys = {
  support: ['/api/support'],
} as const;

/** The operator's support address: it does not change while the app runs. */
export function useSupportEmail() {
  return useQuery({
    queryKey: helpKeys.support,
    queryFn: readQuery(supportResponseSchema),
    staleTime: Number.POSITIVE_INFINITY,
    select: (answer: SupportResponse | null) => answer?.email ?? null,
  });
}
