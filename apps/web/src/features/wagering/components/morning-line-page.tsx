import type { PastPerformanceResponse } from '@furlong/contracts';
import { type MorningLineEntry, morningLine } from '@furlong/domain';
import { Link } from 'react-router-dom';
import { useCurrentRace } from '../../../api/current-race';
import { usePastPerformances } from '../../../api/past-performance';
import { BackButton, Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { useRaceIdInContext } from '../hooks/use-race-in-context';
import { NO_RACE_DATA } from './race-details-page';

const num = (v: number | null): number | null => (v !== null && Number.isFinite(v) ? v : null);
const fraction = (pct: number): number | null => {
  const n = num(pct);
  return n === null ? null : n / 100;
};

/** A horse's form figures as the domain's morning line reads them (percentages as fractions). */
export function toMorningLineEntry(pp: PastPerformanceResponse): MorningLineEntry {
  const lastMs = num(pp.last_race_time_ms);
  return {
    winRate: fraction(pp.win_pct_horse),
    averageSpeed: num(pp.avg_speed_figure_horse),
    earningsCents: num(pp.earnings_cents),
    lastRaceTimeSeconds: lastMs === null ? null : lastMs / 1000,
    jockeyWinRate: fraction(pp.win_percentage_jockey),
  };
}

/**
 * /morning-line-odds: the domain's morning line (spec §9) over the runners of the race in context,
 * from each horse's past performance; the top 3 and a table of every horse.
 */
export function MorningLinePage() {
  const raceId = useRaceIdInContext();
  const race = useCurrentRace(raceId);
  const entries = race.data?.entries ?? [];
  const figures = usePastPerformances(entries.map((e) => e.horse_id));

  if (raceId === null) {
    return (
      <Page title="Morning Line Odds" actions={<BackButton />}>
        <EmptyState>{NO_RACE_DATA}</EmptyState>
      </Page>
    );
  }
  if (race.isPending) return <Loading text="Loading race data..." />;
  if (!race.data) return <ErrorMessage error={race.error} text={NO_RACE_DATA} />;
  if (figures.some((q) => q.isPending)) return <Loading text="Loading past performances..." />;

  // A horse whose figures fail to load is skipped (spec §8).
  const field = entries.flatMap((runner, i) => {
    const pp = figures[i]?.data;
    return pp ? [{ runner, pp }] : [];
  });
  if (field.length === 0) {
    return (
      <Page title="Morning Line Odds" actions={<BackButton />}>
        <EmptyState>No horse names available.</EmptyState>
      </Page>
    );
  }
  const line = morningLine(field.map((f) => toMorningLineEntry(f.pp)));

  return (
    <Page
      title={`Morning Line Odds — ${race.data.race_name}`}
      actions={
        <>
          <Link className="button" to={`/bets?raceId=${race.data.id}`}>
            Place Bet
          </Link>
          <BackButton />
        </>
      }
    >
      <section aria-labelledby="top-three">
        <h2 id="top-three">Top 3</h2>
        <ol className="top-three" aria-labelledby="top-three">
          {line.top.map((i) => (
            <li key={field[i]?.runner.horse_id}>
              {field[i]?.runner.horse_name} <span className="hint">({(line.odds[i] ?? 0).toFixed(2)}-1)</span>
            </li>
          ))}
        </ol>
      </section>
      <div className="table-scroll">
        <table>
          <caption>Morning line</caption>
          <thead>
            <tr>
              <th scope="col">Horse name</th>
              <th scope="col">Horse id</th>
              <th scope="col">Jockey id</th>
              <th scope="col">Score</th>
              <th scope="col">Odds</th>
            </tr>
          </thead>
          <tbody>
            {field.map(({ runner }, i) => (
              <tr key={runner.horse_id}>
                <td>{runner.horse_name}</td>
                <td>{runner.horse_id}</td>
                <td>{runner.jockey_id}</td>
                <td className="num">{(line.scores[i] ?? 0).toFixed(3)}</td>
                <td className="num">{Number.isFinite(line.odds[i]) ? (line.odds[i] ?? 0).toFixed(2) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Page>
  );
}
