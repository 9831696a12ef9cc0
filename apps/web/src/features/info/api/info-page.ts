import type { InfoDocument, InfoPageSlug } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, getJson } from '../../../lib/api-client';

/** GET /api/info/{page}: an information page as blocks (fixed content, built from the rules). */
export function infoPageQuery(page: InfoPageSlug) {
  return queryOptions({
    queryKey: ['info', page],
    queryFn: ({ signal }) => getJson<InfoDocument>(`/info/${page}`, undefined, signal),
    // The pages change with a release, not while one is open.
    staleTime: 60 * 60_000,
  });
}

export function useInfoPage(page: InfoPageSlug) {
  return useQuery(infoPageQuery(page));
}

/** GET /api/info/{page}/pdf: the same page as a PDF, for the viewer and the download link. */
export const infoPdfUrl = (page: InfoPageSlug) => apiPath(`/info/${page}/pdf`);
