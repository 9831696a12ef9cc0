import type { AuctionSale, CreateSaleRequest } from '@furlong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { AUCTION_QUERY_KEY } from './keys';

export const createSale = (body: CreateSaleRequest) => sendJson<AuctionSale>('POST', '/admin/auction/sales', body);

/** POST /api/admin/auction/sales (admins): a public or private sale of house horses. */
export function useCreateSale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createSale,
    onSuccess: () => client.invalidateQueries({ queryKey: AUCTION_QUERY_KEY }),
  });
}
