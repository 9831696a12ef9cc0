import type { ListResponse } from '@furlong/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PICKER_PAGE } from '../config/ui';
import { getJson } from '../lib/api-client';

/** Whom a name picker finds: the catalog kinds with a name. */
export type PersonKind = 'horses' | 'jockeys' | 'trainers' | 'owners';

/** A horse, jockey, trainer or owner as a name picker lists it. */
export interface PersonOption {
  id: number;
  name: string;
}

const NAME_COLUMN: Record<PersonKind, 'horse_name' | 'jockey_name' | 'trainer_name' | 'owner_name'> = {
  horses: 'horse_name',
  jockeys: 'jockey_name',
  trainers: 'trainer_name',
  owners: 'owner_name',
};

/** GET /api/jockeys?q= (or horses, trainers, owners): names containing the typed text, A to Z. */
export function searchPeopleQuery(kind: PersonKind, q: string) {
  const column = NAME_COLUMN[kind];
  return queryOptions({
    queryKey: ['catalog', kind, 'search', q],
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

export function useSearchPeople(kind: PersonKind, q: string, enabled: boolean) {
  return useQuery({ ...searchPeopleQuery(kind, q), enabled });
}
