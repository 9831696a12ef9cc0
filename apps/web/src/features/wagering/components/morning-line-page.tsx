import { Link } from 'react-router-dom';
import { BackButton, Page } from '../../../components/ui/page';
import { PostChip } from '../../../components/ui/post-chip';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { ApiError } from '../../../lib/api-client';
import { useMorningLine } from '../api/morning-line';
import { useRaceIdInContext } from '../hooks/use-race-in-context';
import { NO_RACE_DATA } from './race-details-page';

/**
 * /morning-line-odds: the morning line of the race in context (or ?raceId=), as its card fixed it
 * (spec §9 scores; it never changes, not even after the race): the Top 3 and every runner by
 * program number and name, with its score and the odds as the tote shows odds.
 */
export function MorningLinePage() {
  const raceId = useRaceIdInContext();
  const line = useMorningLine(raceId);

  if (raceId === null || (line.error instanceof ApiError && line.error.status === 404)) {
    return (
      <Page title="Morning Line Odds" actions={<BackButton />}>
        <EmptyState>{NO_RACE_DATA}</EmptyState>
      </Page>
    );
  }
  if (line.isPending) return <Loading text="Loading race data..." />;
  if (!line.data) return <ErrorMessage error={line.error} text={NO_RACE_DATA} />;

  const { runners, top } = line.data;
  const byPost = new Map(runners.map((r) => [r.post_position, r]));
  const lined = runners.some((r) => r.morning_line !== null);
  return (
    <Page
      title={`Morning Line Odds — ${line.data.race_name}`}
      actions={
        <>
          <Link className="button" to={`/bets?raceId=${line.data.race_id}`}>
            Place Bet
          </Link>
          <Link className="button secondary" to={`/race-card?raceId=${line.data.race_id}`}>
            Race card
          </Link>
          <BackButton />
        </>
      }
    >
      <p className="hint">
        {line.data.race_title}. Made by the track handicapper's formula when the card was made; it does not change.
      </p>
      {runners.length === 0 ? (
        <EmptyState>No horse names available.</EmptyState>
      ) : (
        <>
          <section aria-labelledby="top-three">
            <h2 id="top-three">Top 3</h2>
            {lined ? (
              <ol className="top-three" aria-labelledby="top-three">
                {top.map((post) => {
                  const r = byPost.get(post);
                  return r ? (
                    <li key={post}>
                      <PostChip post={post} /> {r.horse_name} <span className="ml-odds">{r.morning_line}</span>
                    </li>
                  ) : null;
                })}
              </ol>
            ) : (
              <p className="hint">No morning line was kept for this race.</p>
            )}
          </section>
          <div className="table-scroll">
            <table>
              <caption>Morning line</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <abbr title="Program number">#</abbr>
                  </th>
                  <th scope="col">Horse</th>
                  <th scope="col">Odds</th>
                  <th scope="col">Score</th>
                  <th scope="col">Jockey</th>
                </tr>
              </thead>
              <tbody>
                {runners.map((r) => (
                  <tr key={r.post_position}>
                    <td>
                      <PostChip post={r.post_position} />
                    </td>
                    <td>
                      <Link to={`/page-horse/${r.horse_id}`}>{r.horse_name}</Link>
                    </td>
                    <td className="num ml-odds-cell">{r.morning_line ?? '—'}</td>
                    <td className="num">{r.score === null ? '—' : r.score.toFixed(3)}</td>
                    <td>
                      <Link to={`/page-jockey/${r.jockey_id}`}>{r.jockey_name}</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Page>
  );
}
