import type { ListResponse } from '@furlong/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { catalogRecordQuery } from '../../../api/catalog-record';
import { Loading } from '../../../components/ui/status';
import { getJson } from '../../../lib/api-client';
import { formatCents, formatNumber } from '../../../lib/format';
import { useSession } from '../../../lib/session';

interface Featured {
  id: number;
  horse_name: string;
  earnings_cents: number;
  jockey_id: number;
  jockey_name: string;
  trainer_id: number;
  trainer_name: string;
  owner_id: number;
  owner_name: string;
}

/** The season's top earner and its connections: the featured horse, jockey, trainer and owner. */
function useFeatured() {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['home', 'featured'],
    queryFn: async ({ signal }) => {
      const top = await getJson<ListResponse<{ id: number }>>(
        '/horses',
        { limit: 1, sort: 'earnings_cents', order: 'desc' },
        signal,
      );
      const first = top.items[0];
      // Through the record's own query, so the horse's page opens from the cache.
      return first ? client.fetchQuery(catalogRecordQuery<Featured>('horses', first.id)) : null;
    },
    staleTime: 5 * 60_000,
  });
}

function useCounts() {
  return useQuery({
    queryKey: ['home', 'counts'],
    queryFn: async ({ signal }) => {
      const kinds = ['tracks', 'races', 'horses', 'jockeys'] as const;
      const pages = await Promise.all(kinds.map((k) => getJson<ListResponse<unknown>>(`/${k}`, { limit: 1 }, signal)));
      return Object.fromEntries(kinds.map((k, i) => [k, pages[i]?.total ?? 0])) as Record<
        (typeof kinds)[number],
        number
      >;
    },
    staleTime: 5 * 60_000,
  });
}

export function HomePage() {
  const session = useSession();
  const featured = useFeatured();
  const counts = useCounts();
  const f = featured.data;
  return (
    <div className="home">
      <section className="hero">
        <h1>Racing, live, all day</h1>
        <p>
          Races are run on the server and watched live by everyone at once. Study the form, follow the program card and
          back your pick with play money on a real pari-mutuel tote.
        </p>
        <p className="button-row">
          {session ? (
            <Link className="button big" to="/program-card">
              Open the program card
            </Link>
          ) : (
            <>
              <Link className="button big" to="/login">
                Log in to play
              </Link>
              <Link className="button big secondary" to="/register">
                Sign up
              </Link>
            </>
          )}
        </p>
      </section>

      <section className="featured" aria-labelledby="featured-title">
        <h2 id="featured-title">Featured performers</h2>
        {featured.isPending ? <Loading /> : null}
        {f ? (
          <ul className="cards">
            <li className="card">
              <span className="card-kicker">Horse</span>
              <Link to={`/page-horse/${f.id}`}>{f.horse_name}</Link>
              <span className="card-figure">{formatCents(f.earnings_cents)} earned</span>
            </li>
            <li className="card">
              <span className="card-kicker">Jockey</span>
              <Link to={`/page-jockey/${f.jockey_id}`}>{f.jockey_name}</Link>
            </li>
            <li className="card">
              <span className="card-kicker">Trainer</span>
              <Link to={`/page-trainer/${f.trainer_id}`}>{f.trainer_name}</Link>
            </li>
            <li className="card">
              <span className="card-kicker">Owner</span>
              <Link to={`/page-owner/${f.owner_id}`}>{f.owner_name}</Link>
            </li>
          </ul>
        ) : null}
        <p className="hint">A bonus for backing a featured performer that wins arrives with wagering.</p>
      </section>

      {counts.data ? (
        <section aria-label="The racing catalog">
          <ul className="stat-strip">
            <li>
              <strong>{formatNumber(counts.data.tracks)}</strong> tracks
            </li>
            <li>
              <strong>{formatNumber(counts.data.races)}</strong> races run
            </li>
            <li>
              <strong>{formatNumber(counts.data.horses)}</strong> horses
            </li>
            <li>
              <strong>{formatNumber(counts.data.jockeys)}</strong> jockeys
            </li>
          </ul>
        </section>
      ) : null}
    </div>
  );
}
