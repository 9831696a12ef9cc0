import type { ConnectionStatsResponse, RecentStart } from '@furlong/contracts';
import { ordinal } from '@furlong/domain';
import { Link } from 'react-router-dom';
import { TimeChart } from '../../../components/charts/time-chart';
import { EmptyState } from '../../../components/ui/status';
import { formatCents, formatRaceTime } from '../../../lib/format';
import { formatFurlongs, titleCase } from './stats-format';

function finishClass(position: number): string {
  if (position === 1) return 'finish finish-win';
  if (position <= 3) return 'finish finish-money';
  return 'finish';
}

/** The finishing places of the recent starts, oldest to newest, as a strip of badges. */
function FormLine({ starts }: { starts: readonly RecentStart[] }) {
  const oldestFirst = [...starts].reverse();
  return (
    <section aria-labelledby="form-line" className="form-line">
      <h3 id="form-line">Form, oldest to newest</h3>
      <ol className="form-badges">
        {oldestFirst.map((s) => (
          <li key={`${s.race_id}-${s.horse_id}`} className={finishClass(s.finish_position)}>
            <span aria-hidden="true">{s.finish_position}</span>
            <span className="visually-hidden">
              {ordinal(s.finish_position)} of {s.num_horses} on {s.race_date}
            </span>
          </li>
        ))}
      </ol>
      <p className="hint">
        <span className="finish finish-win legend-swatch" aria-hidden="true" /> won{' '}
        <span className="finish finish-money legend-swatch" aria-hidden="true" /> 2nd or 3rd{' '}
        <span className="finish legend-swatch" aria-hidden="true" /> unplaced
      </p>
    </section>
  );
}

/** Jockey or trainer history: the last starts, newest first, with the speed figures as a picture. */
export function ConnectionHistory({ stats }: { stats: ConnectionStatsResponse }) {
  const recent = stats.recent;
  if (recent.length === 0) return <EmptyState>No starts yet.</EmptyState>;
  const oldestFirst = [...recent].reverse();
  return (
    <>
      <FormLine starts={recent} />
      <TimeChart
        caption="Speed figure by start, oldest to newest"
        days={oldestFirst.map((s) => s.race_date)}
        series={[{ label: 'Speed figure', values: oldestFirst.map((s) => s.speed_figure), dots: true }]}
        fromZero={false}
        summary={`Speed figures of the last ${recent.length} starts, oldest to newest: ${oldestFirst
          .map((s) => `${s.speed_figure} (${s.race_date}, ${ordinal(s.finish_position)})`)
          .join(', ')}.`}
        note="Higher is faster. Each point is a start; the table below has the race of each."
      />
      <div className="table-scroll">
        <table className="stats-table">
          <caption>
            Last {recent.length} {recent.length === 1 ? 'start' : 'starts'}, newest first
          </caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Race</th>
              <th scope="col">Track</th>
              <th scope="col" className="num">
                Distance
              </th>
              <th scope="col">Surface / condition</th>
              <th scope="col">Horse</th>
              <th scope="col" className="num">
                Post
              </th>
              <th scope="col" className="num">
                Finish
              </th>
              <th scope="col" className="num">
                Time
              </th>
              <th scope="col" className="num">
                Speed fig.
              </th>
              <th scope="col" className="num">
                Earned
              </th>
            </tr>
          </thead>
          <tbody>
            {recent.map((s) => (
              <tr key={`${s.race_id}-${s.horse_id}`}>
                <td>{s.race_date}</td>
                <td className="wrap">
                  <Link to={`/page-race/${s.race_id}`}>{s.race_name}</Link>
                </td>
                <td className="wrap">{s.track_name}</td>
                <td className="num">{formatFurlongs(s.furlongs)}</td>
                <td className="wrap">
                  {titleCase(s.surface_type)} / {titleCase(s.track_condition)}
                </td>
                <td className="wrap">
                  <Link to={`/page-horse/${s.horse_id}`}>{s.horse_name}</Link>
                </td>
                <td className="num">{s.post_position}</td>
                <td className="num">
                  <span className={finishClass(s.finish_position)}>{s.finish_position}</span> / {s.num_horses}
                </td>
                <td className="num">{formatRaceTime(s.finish_time_ms)}</td>
                <td className="num">{s.speed_figure}</td>
                <td className="num">{formatCents(s.earnings_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
