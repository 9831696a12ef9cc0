import type { FormReceipt, MessageRequestBody } from '@furlong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { OUTBOX_QUERY_KEY } from './outbox';

/** POST /api/messages (201: the receipt); the outbox list is read again. */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageRequestBody) => sendJson<FormReceipt>('POST', '/messages', body),
    onSuccess: () => client.invalidateQueries({ queryKey: OUTBOX_QUERY_KEY }),
  });
}
