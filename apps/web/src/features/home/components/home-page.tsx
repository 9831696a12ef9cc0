import type { ListResponse } from '@furlong/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { NextToPost } from '../../../components/ui/next-to-post';
import { getJson } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { FeaturedPerformers } from './featured-performers';
import { HomeNews } from './home-news';
import { LatestResultsSection } from './latest-results-section';
import { RacingNow } from './racing-now';

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

/**
 * /home: what is on now — the races next to post with their minutes to post, a race running now to
 * watch, the latest results, and the featured performers.
 */
export function HomePage() {
  const session = useSession();
  const counts = useCounts();
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

      <div className="home-live">
        <NextToPost limit={6} />
        <div>
          <RacingNow />
          <LatestResultsSection />
        </div>
      </div>

      <HomeNews />

      <FeaturedPerformers />

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
