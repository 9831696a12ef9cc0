import { useMutation } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { RANDOM_FETCHED_KINDS, type RandomData, type RandomRecord } from '../hooks/random-data-store';

/** GET /api/random-records/{kind}/{count}: a random sample of records of one kind. */
export const fetchRandomRecords = (kind: string, count: number) =>
  getJson<RandomRecord[]>(`/random-records/${kind}/${count}`);

/**
 * The loader of spec §3/§5: one call per kind for horses, jockeys, trainers, owners and tracks
 * (races are not fetched there), all together; the answer is a whole new collection.
 */
export function useLoadRandomData() {
  return useMutation({
    mutationFn: async (count: number): Promise<RandomData> => {
      const lists = await Promise.all(RANDOM_FETCHED_KINDS.map((kind) => fetchRandomRecords(kind, count)));
      const data: RandomData = { horses: [], jockeys: [], trainers: [], owners: [], tracks: [], races: [] };
      RANDOM_FETCHED_KINDS.forEach((kind, i) => {
        data[kind] = lists[i] ?? [];
      });
      return data;
    },
  });
}
