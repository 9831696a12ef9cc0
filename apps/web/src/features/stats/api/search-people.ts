import type { ListResponse } from '@furlong/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ConnectionKind } from '../../../api/connection-stats';
import { PICKER_PAGE } from '../../../config/ui';
import { getJson } from '../../../lib/api-client';

/** A jockey or trainer as the name picker lists it. */
export interface PersonOption {
  id: number;
  name: string;
}

const NAME_COLUMN: Record<ConnectionKind, 'jockey_name' | 'trainer_name'> = {
  jockeys: 'jockey_name',
  trainers: 'trainer_name',
};

/** GET /api/jockeys?q= (or /api/trainers): names containing the typed text, A to Z. */
export function searchPeopleQuery(kind: ConnectionKind, q: string) {
  const column = NAME_COLUMN[kind];
  return queryOptions({
    queryKey: ['stats', 'people', kind, q],
    queryFn: async ({ signal }): Promise<PersonOption[]> => {
      const page = await getJson<ListResponse<{ id: number } & Record<string, unknown>>>(
        `/${kind}`,
        { q, limit: PICKER_PAGE, sort: column },
        signal,
      );
      return page.items.map((row) => ({ id: row.id, name: String(row[column] ?? `#${row.id}`) }));
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useSearchPeople(kind: ConnectionKind, q: string, enabled: boolean) {
  return useQuery({ ...searchPeopleQuery(kind, q), enabled });
}
