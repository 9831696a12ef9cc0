import type { StoredTransportQuote, TransportQuoteRequestBody } from '@furlong/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/api-client';

export const TRANSPORT_QUOTES_QUERY_KEY = ['transport-quotes'] as const;

/** GET /api/transport-quotes: the member's own quote requests, newest first. */
export function transportQuotesQuery() {
  return queryOptions({
    queryKey: TRANSPORT_QUOTES_QUERY_KEY,
    queryFn: ({ signal }) => getJson<{ items: StoredTransportQuote[] }>('/transport-quotes', undefined, signal),
  });
}

/** The member's requests; `enabled` false while logged out (the server would answer 401). */
export function useTransportQuotes(enabled: boolean) {
  return useQuery({ ...transportQuotesQuery(), enabled });
}

/** POST /api/transport-quotes (201: the stored request with its quote); the list is read again. */
export function useRequestTransportQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TransportQuoteRequestBody) => sendJson<StoredTransportQuote>('POST', '/transport-quotes', body),
    onSuccess: () => client.invalidateQueries({ queryKey: TRANSPORT_QUOTES_QUERY_KEY }),
  });
}
