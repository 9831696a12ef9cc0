import type { BreedBody, Breeding, breedingsResponseSchema, StableHorse } from '@furlong/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson, sendJson } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { STABLE_QUERY_KEY } from './stable-dashboard';

export type BreedingsResponse = z.infer<typeof breedingsResponseSchema>;
export type Stud = BreedingsResponse['studs'][number];

/** GET /api/stable/breedings: the user's breeding contracts and the stallions standing at stud. */
export function breedingsQuery() {
  return queryOptions({
    queryKey: [...STABLE_QUERY_KEY, 'breedings'],
    queryFn: ({ signal }) => getJson<BreedingsResponse>('/stable/breedings', undefined, signal),
    // A foal is born on the racing clock: look again now and then.
    refetchInterval: 30_000,
  });
}

export function useBreedings() {
  return useQuery(breedingsQuery());
}

export const breed = (body: BreedBody) =>
  sendJson<{ breeding: Breeding; balance_cents: number }>('POST', '/stable/breedings', body);

/** POST /api/stable/breedings: a stud fee may be paid, so the balance is read again with the stable. */
export function useBreed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: breed,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: STABLE_QUERY_KEY }),
        client.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      ]),
  });
}

export const setStudFee = ({ horseId, feeCents }: { horseId: number; feeCents: number | null }) =>
  sendJson<StableHorse>('PUT', `/stable/horses/${horseId}/stud`, { fee_cents: feeCents });

/** PUT /api/stable/horses/{id}/stud: stand a stallion at stud for a fee (or null: take it off). */
export function useSetStudFee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setStudFee,
    onSuccess: () => client.invalidateQueries({ queryKey: STABLE_QUERY_KEY }),
  });
}
