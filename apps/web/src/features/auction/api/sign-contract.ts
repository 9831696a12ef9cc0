import type { SalesContractView } from '@furlong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { CONTRACTS_QUERY_KEY } from './sales-contracts';

export const signContract = ({ id, signature }: { id: number; signature: string }) =>
  sendJson<SalesContractView>('POST', `/sales-contracts/${id}/signature`, { signature });

/** POST /api/sales-contracts/{id}/signature: the user's side, time-stamped by the server. */
export function useSignContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signContract,
    onSuccess: () => client.invalidateQueries({ queryKey: CONTRACTS_QUERY_KEY }),
  });
}
