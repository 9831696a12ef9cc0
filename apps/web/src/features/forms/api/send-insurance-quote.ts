import type { FormReceipt, InsuranceQuoteRequestBody } from '@furlong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { OUTBOX_QUERY_KEY } from './outbox';

/** POST /api/send-email (201: the receipt); the outbox list is read again. */
export function useSendInsuranceQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InsuranceQuoteRequestBody) => sendJson<FormReceipt>('POST', '/send-email', body),
    onSuccess: () => client.invalidateQueries({ queryKey: OUTBOX_QUERY_KEY }),
  });
}
