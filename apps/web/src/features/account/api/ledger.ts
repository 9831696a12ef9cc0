import type { LedgerPage } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export const ledgerQuery = (limit: number, offset: number) =>
  queryOptions({
    queryKey: ['me', 'ledger', limit, offset],
    queryFn: ({ signal }) => getJson<LedgerPage>('/me/ledger', { limit, offset }, signal),
  });

/** GET /api/me/ledger: the wallet's entries, newest first. */
export function useLedger(limit = 10, offset = 0) {
  return useQuery(ledgerQuery(limit, offset));
}
