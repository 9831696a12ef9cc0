import type { OpsJobsResponse } from '@furlong/contracts';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export const OPS_JOBS_REFRESH_MS = 5000;

/** GET /api/ops/jobs (operators and admins): every job kind as the queue driver knows it. */
export function useOpsJobs(enabled: boolean) {
  return useQuery({
    queryKey: ['ops', 'jobs'],
    queryFn: ({ signal }) => getJson<OpsJobsResponse>('/ops/jobs', undefined, signal),
    enabled,
    refetchInterval: OPS_JOBS_REFRESH_MS,
  });
}
