import type { SalesContractView } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { AUCTION_QUERY_KEY } from './keys';

export const CONTRACTS_QUERY_KEY = [...AUCTION_QUERY_KEY, 'sales-contracts'] as const;

/** GET /api/sales-contracts: the user's sales contracts, as seller or buyer. */
export function salesContractsQuery() {
  return queryOptions({
    queryKey: CONTRACTS_QUERY_KEY,
    queryFn: ({ signal }) => getJson<{ items: SalesContractView[] }>('/sales-contracts', undefined, signal),
    // The counterparty may sign while the page is open.
    refetchInterval: 30_000,
  });
}

export function useSalesContracts() {
  return useQuery(salesContractsQuery());
}

/** Where a contract's PDF is: a plain link, opened by the browser with the session's cookie. */
export const contractPdfUrl = (id: number) => `/api/sales-contracts/${id}/pdf`;
