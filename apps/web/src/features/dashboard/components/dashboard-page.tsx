import type { NextToPostResponse, NextToPostTrack } from '@furlong/contracts';
import { Link } from 'react-router-dom';
import { useNextToPost } from '../../../api/next-to-post';
import { Page } from '../../../components/ui/page';
import { StatCards } from '../../../components/ui/stat-cards';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { TimeOfDay } from '../../../components/ui/time-of-day';
import { formatCents, formatNumber } from '../../../lib/format';
import { useRacingDay } from '../api/racing-day';

/** Races of a track's day that have been run: not left to go, not cancelled, not running now. */
export function racesRun(track: NextToPostTrack): number {
  return Math.max(
    0,
    track.races_today - track.races_left - track.cancelled_race_numbers.length - (track.running_race ? 1 : 0),
  );
}

/** The day most tracks are on (each track keeps its own calendar): the one the dashboard's money is of. */
export function dayOf(board: NextToPostResponse): string | undefined {
  const counts = new Map<string, number>();
  for (const t of board.tracks) if (t.races_today > 0) counts.set(t.local_date, (counts.get(t.local_date) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
}

/**
 * /dashboard (open): today's racing at a glance — tracks racing, races run, the handle (the
 * pools' total) and the biggest payouts. The tracks come from the next-to-post board, the money
 * from the day's pools.
 */
export function DashboardPage() {
  const board = useNextToPost();
  const date = board.data ? dayOf(board.data) : undefined;
  const day = useRacingDay(date, board.isSuccess);

  if (board.isPending) return <Loading text="Loading today's racing..." />;
  if (!board.data) return <ErrorMessage error={board.error} text="Today's racing could not be loaded." />;

  const racing = board.data.tracks.filter((t) => t.races_today > 0 && t.local_date === date);
  const run = racing.reduce((n, t) => n + racesRun(t), 0);
  const scheduled = racing.reduce((n, t) => n + t.races_today, 0);

  return (
    <Page title="Today's racing">
      {racing.length === 0 ? (
        <EmptyState>No track is racing today.</EmptyState>
      ) : (
        <>
          <StatCards
            label="Today at a glance"
            cards={[
              { label: 'Tracks racing', value: formatNumber(racing.length), detail: date },
              { label: 'Races run', value: formatNumber(run), detail: `of ${formatNumber(scheduled)} on the cards` },
              {
                label: 'Handle',
                value: day.data ? formatCents(day.data.handle_cents) : day.isPending ? '…' : '—',
                detail: day.data
                  ? `${formatNumber(day.data.races_with_pools)} races' pools, house money ${formatCents(day.data.house_seed_cents)}`
                  : undefined,
              },
              {
                label: 'Biggest payout',
                value: day.data?.biggest_payouts[0]
                  ? formatCents(day.data.biggest_payouts[0].two_dollar_payout_cents)
                  : '—',
                detail: day.data?.biggest_payouts[0]
                  ? `${day.data.biggest_payouts[0].bet_type}, ${day.data.biggest_payouts[0].race_name}`
                  : 'per $2',
              },
            ]}
          />
          <section aria-labelledby="dash-payouts">
            <h2 id="dash-payouts">Biggest payouts</h2>
            {day.isPending ? (
              <Loading text="Loading the payouts..." />
            ) : day.error ? (
              <ErrorMessage error={day.error} text="The payouts could not be loaded." />
            ) : day.data && day.data.biggest_payouts.length > 0 ? (
              <div className="table-scroll">
                <table className="stack-on-phone">
                  <caption>The day's biggest prices, per $2 ticket</caption>
                  <thead>
                    <tr>
                      <th scope="col">Race</th>
                      <th scope="col">Bet</th>
                      <th scope="col">Winning numbers</th>
                      <th scope="col">$2 paid</th>
                    </tr>
                  </thead>
                  <tbody>
                    {day.data.biggest_payouts.map((p) => (
                      <tr key={`${p.current_race_id}:${p.bet_type}:${p.combination}`}>
                        <td data-label="Race">
                          <Link to={`/race-results?id=${p.current_race_id}`}>{p.race_name}</Link>
                        </td>
                        <td data-label="Bet">{p.bet_type}</td>
                        <td data-label="Winning numbers">{p.combination}</td>
                        <td data-label="$2 paid" className="num">
                          {formatCents(p.two_dollar_payout_cents)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <EmptyState>No pool has paid yet today.</EmptyState>
            )}
          </section>
          <section aria-labelledby="dash-tracks">
            <h2 id="dash-tracks">Tracks</h2>
            <div className="table-scroll">
              <table>
                <caption>Every track racing today</caption>
                <thead>
                  <tr>
                    <th scope="col">Track</th>
                    <th scope="col">Races run</th>
                    <th scope="col">Next race</th>
                  </tr>
                </thead>
                <tbody>
                  {racing.map((t) => (
                    <tr key={t.track_id}>
                      <td data-label="Track">
                        <Link to={`/track-card?id=${t.track_id}`}>{t.track_name}</Link>
                      </td>
                      <td data-label="Races run" className="num">
                        {racesRun(t)} of {t.races_today}
                      </td>
                      <td data-label="Next race">
                        {t.running_race ? (
                          <Link to={`/race/${t.running_race.id}`}>Race {t.running_race.race_number} running</Link>
                        ) : t.next_race ? (
                          <>
                            Race {t.next_race.race_number} at <TimeOfDay at={t.next_race.post_time} />
                          </>
                        ) : (
                          'Done for the day'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
    </Page>
  );
}
