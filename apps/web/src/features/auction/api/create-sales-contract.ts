import type { CreateSalesContractRequest, SalesContractView } from '@furlong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { CONTRACTS_QUERY_KEY } from './sales-contracts';

export const createSalesContract = (body: CreateSalesContractRequest) =>
  sendJson<SalesContractView>('POST', '/sales-contracts', body);

/** POST /api/sales-contracts: the form, stored with the user's typed signature. */
export function useCreateSalesContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createSalesContract,
    onSuccess: () => client.invalidateQueries({ queryKey: CONTRACTS_QUERY_KEY }),
  });
}
