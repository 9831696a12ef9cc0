import type { LastScan, ScanReport } from '@furlong/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/api-client';

const LAST_SCAN_KEY = ['admin', 'scan-insert'] as const;

/** GET /api/admin/scan-insert: the latest report (admins only). */
export function useLastScan(enabled: boolean) {
  return useQuery({
    queryKey: LAST_SCAN_KEY,
    queryFn: ({ signal }) => getJson<LastScan>('/admin/scan-insert', undefined, signal),
    enabled,
  });
}

/** POST /api/admin/scan-insert: runs the scan; its report becomes the latest. */
export function useRunScan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<ScanReport>('POST', '/admin/scan-insert'),
    onSuccess: (report) => {
      client.setQueryData<LastScan>(LAST_SCAN_KEY, { report });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
