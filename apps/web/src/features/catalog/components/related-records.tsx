import type { CatalogKindName } from '@furlong/contracts';
import { Link } from 'react-router-dom';
import type { CatalogRow } from '../../../api/catalog-record';
import { usePastPerformance } from '../../../api/past-performance';
import { type Runner, RunnersTable } from '../../../components/ui/runners-table';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { formatCents, formatRaceTime } from '../../../lib/format';
import { useCatalogList } from '../api/catalog-list';

interface Finisher {
  finish_position: number;
  post_position: number;
  horse_id: number;
  horse_name?: string;
  finish_time_ms: number;
  speed_figure?: number;
  earnings_cents?: number;
}

/** What hangs off a record: a horse's connections and form, a race's field and result, a person's horses. */
export function RelatedRecords({ kind, record }: { kind: CatalogKindName; record: CatalogRow }) {
  switch (kind) {
    case 'horses':
      return <HorseForm record={record} />;
    case 'races':
      return <RaceField record={record} />;
    case 'tracks':
      return (
        <section className="related" aria-label="Racing at this track">
          <h2>Racing here</h2>
          <p className="button-row">
            <Link className="button" to={`/track-race-dates/${record.id}`}>
              Weekly races
            </Link>
            <Link className="button" to={`/track-card?id=${record.id}&daily_races=${String(record.daily_races ?? '')}`}>
              Daily races
            </Link>
          </p>
        </section>
      );
    case 'jockeys':
    case 'trainers':
    case 'owners':
      return <HorsesOf kind={kind} id={record.id} />;
    default:
      return null;
  }
}

function HorseForm({ record }: { record: CatalogRow }) {
  const pp = usePastPerformance(record.id);
  const links: [string, string, unknown][] = [
    ['Jockey', 'jockey', record.jockey_id],
    ['Trainer', 'trainer', record.trainer_id],
    ['Owner', 'owner', record.owner_id],
  ];
  return (
    <section className="related" aria-label="Connections and past performances">
      <h2>Connections</h2>
      <ul className="connections">
        {links.map(([label, singular, id]) =>
          typeof id === 'number' ? (
            <li key={label}>
              {label}:{' '}
              <Link to={`/page-${singular}/${id}`}>{String(record[`${singular}_name`] ?? `${label} ${id}`)}</Link>
            </li>
          ) : null,
        )}
      </ul>
      <h2>Past performances</h2>
      {pp.isPending ? <Loading /> : null}
      {pp.isError ? <ErrorMessage error={pp.error} /> : null}
      {pp.data ? (
        <>
          <p>
            {pp.data.starts} starts, {pp.data.wins} wins ({pp.data.win_pct_horse}%), average speed figure{' '}
            {pp.data.avg_speed_figure_horse}, earnings {formatCents(pp.data.earnings_cents)}; jockey wins{' '}
            {pp.data.win_percentage_jockey}% of rides.
          </p>
          {pp.data.recent_starts.length === 0 ? (
            <EmptyState>No starts yet.</EmptyState>
          ) : (
            <div className="table-scroll">
              <table>
                <caption>Last {pp.data.recent_starts.length} starts</caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Race</th>
                    <th scope="col">Track</th>
                    <th scope="col">Dist.</th>
                    <th scope="col">Surface</th>
                    <th scope="col">Post</th>
                    <th scope="col">Finish</th>
                    <th scope="col">Time</th>
                    <th scope="col">Speed fig.</th>
                    <th scope="col">Earned</th>
                  </tr>
                </thead>
                <tbody>
                  {pp.data.recent_starts.map((s) => (
                    <tr key={s.race_id}>
                      <td>{s.race_date}</td>
                      <td>
                        <Link to={`/page-race/${s.race_id}`}>{s.race_name}</Link>
                      </td>
                      <td>{s.location}</td>
                      <td>{s.furlongs} f</td>
                      <td>
                        {s.surface_type}, {s.track_condition}
                      </td>
                      <td>{s.post_position}</td>
                      <td>
                        {s.finish_position} / {s.num_horses}
                      </td>
                      <td>{formatRaceTime(s.finish_time_ms)}</td>
                      <td>{s.speed_figure}</td>
                      <td>{formatCents(s.earnings_cents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </section>
  );
}

function RaceField({ record }: { record: CatalogRow }) {
  const entries = (record.entries as Runner[] | undefined) ?? [];
  const result = record.result as { finishers?: Finisher[] } | null | undefined;
  const finishers = result?.finishers ?? [];
  const nameOf = new Map(entries.map((e) => [e.horse_id, e.horse_name]));
  return (
    <section className="related" aria-label="Field and result">
      <h2>Field</h2>
      <RunnersTable runners={entries} />
      <h2>Result</h2>
      {finishers.length === 0 ? (
        <EmptyState>No result yet.</EmptyState>
      ) : (
        <ol className="result-list">
          {[...finishers]
            .sort((a, b) => a.finish_position - b.finish_position)
            .map((f) => (
              <li key={f.finish_position}>
                <Link to={`/page-horse/${f.horse_id}`}>
                  {f.horse_name ?? nameOf.get(f.horse_id) ?? `Horse ${f.horse_id}`}
                </Link>{' '}
                (post {f.post_position}) {formatRaceTime(f.finish_time_ms)}
                {f.earnings_cents ? ` · ${formatCents(f.earnings_cents)}` : ''}
              </li>
            ))}
        </ol>
      )}
    </section>
  );
}

function HorsesOf({ kind, id }: { kind: 'jockeys' | 'trainers' | 'owners'; id: number }) {
  const column = `${kind.slice(0, -1)}_id`;
  const horses = useCatalogList('horses', {
    limit: 25,
    offset: 0,
    sort: 'earnings_cents',
    order: 'desc',
    filters: { [column]: String(id) },
  });
  return (
    <section className="related" aria-label="Horses">
      <h2>Horses{horses.data ? ` (${horses.data.total})` : ''}</h2>
      {horses.isPending ? <Loading /> : null}
      {horses.isError ? <ErrorMessage error={horses.error} /> : null}
      {horses.data && horses.data.items.length === 0 ? <EmptyState>No horses.</EmptyState> : null}
      {horses.data && horses.data.items.length > 0 ? (
        <ul className="link-list">
          {horses.data.items.map((h) => (
            <li key={h.id}>
              <Link to={`/page-horse/${h.id}`}>{String(h.horse_name)}</Link> · {formatCents(h.earnings_cents as number)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
