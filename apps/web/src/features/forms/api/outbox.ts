import type { OutboxPage, OutboxStatus } from '@furlong/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export const OUTBOX_QUERY_KEY = ['admin', 'outbox'] as const;

export interface OutboxFilter {
  status?: OutboxStatus;
  limit: number;
  offset: number;
}

/** GET /api/admin/outbox: a page of the outbox, newest first (admins). */
export function outboxQuery(filter: OutboxFilter) {
  return queryOptions({
    queryKey: [...OUTBOX_QUERY_KEY, filter],
    queryFn: ({ signal }) =>
      getJson<OutboxPage>(
        '/admin/outbox',
        { status: filter.status, limit: filter.limit, offset: filter.offset },
        signal,
      ),
    // Queued mails change as the outbox job runs.
    refetchInterval: 10_000,
  });
}

export function useOutbox(filter: OutboxFilter) {
  return useQuery({ ...outboxQuery(filter), placeholderData: keepPreviousData });
}
