import type { SaleCompany } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** GET /api/sale-company: the facilities, staff directory and shipping rates (fixed content). */
export function saleCompanyQuery() {
  return queryOptions({
    queryKey: ['sale-company'],
    queryFn: ({ signal }) => getJson<SaleCompany>('/sale-company', undefined, signal),
    // The sale company's own content changes with a release, not while a page is open.
    staleTime: 60 * 60_000,
  });
}

export function useSaleCompany() {
  return useQuery(saleCompanyQuery());
}
