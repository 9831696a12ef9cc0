import { RACE_RESULTS_DEFAULT_LIMIT, type RaceResultSummary } from '@furlong/contracts';
import { Link, useSearchParams } from 'react-router-dom';
import { useRaceResults } from '../../../api/race-results';
import { useTracks } from '../../../api/tracks';
import { PostChip } from '../../../components/ui/post-chip';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { formatCents, formatTimeOfDay } from '../../../lib/format';
import { parseRaceId } from './race-ids';

export const RESULTS_LIST_MESSAGES = {
  empty: 'No race results yet: races post their results here as they finish.',
  emptyFiltered: 'No results for this track and day.',
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The list's filters and page from the query string (`track_id`, `date`, `page`); anything unreadable is left out. */
export function listParams(params: URLSearchParams): { trackId?: number; date?: string; page: number } {
  const trackId = parseRaceId(params.get('track_id')) ?? undefined;
  const dateText = params.get('date') ?? '';
  const date = DATE.test(dateText) && !Number.isNaN(Date.parse(dateText)) ? dateText : undefined;
  const page = parseRaceId(params.get('page')) ?? 1;
  return { trackId, date, page };
}

/**
 * /race-results without an id: recent live results across all tracks (or one track, one day),
 * newest first, each with its winner and $2 win price and a link to the whole result.
 */
export function RaceResultsList() {
  const [params, setParams] = useSearchParams();
  const { trackId, date, page } = listParams(params);
  const limit = RACE_RESULTS_DEFAULT_LIMIT;
  const results = useRaceResults({ trackId, date, limit, offset: (page - 1) * limit });
  const filtered = trackId !== undefined || date !== undefined;

  const show = (next: { trackId?: number; date?: string; page?: number }) => {
    const query = new URLSearchParams();
    if (next.trackId !== undefined) query.set('track_id', String(next.trackId));
    if (next.date) query.set('date', next.date);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    setParams(query);
  };

  const data = results.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / limit)) : 1;
  return (
    <section aria-labelledby="results-list">
      <h2 id="results-list">Recent results</h2>
      <ResultFilters trackId={trackId} date={date} onApply={(f) => show({ ...f, page: 1 })} />
      {results.isPending ? (
        <Loading text="Loading race results..." />
      ) : results.isError && !data ? (
        <ErrorMessage error={results.error} text="Error fetching race results. Please try again later." />
      ) : data && data.items.length === 0 ? (
        <EmptyState>{filtered ? RESULTS_LIST_MESSAGES.emptyFiltered : RESULTS_LIST_MESSAGES.empty}</EmptyState>
      ) : data ? (
        <>
          <ResultsTable items={data.items} />
          <nav className="pager" aria-label="Pages">
            <button
              type="button"
              className="button secondary"
              onClick={() => show({ trackId, date, page: page - 1 })}
              disabled={page <= 1}
            >
              Newer
            </button>
            <span>
              Page {Math.min(page, lastPage)} of {lastPage} ({data.total} results)
            </span>
            <button
              type="button"
              className="button secondary"
              onClick={() => show({ trackId, date, page: page + 1 })}
              disabled={page >= lastPage}
            >
              Older
            </button>
          </nav>
        </>
      ) : null}
    </section>
  );
}

/** Track and day: each applies as it is picked (the address keeps them, so a filtered list can be shared). */
function ResultFilters({
  trackId,
  date,
  onApply,
}: {
  trackId?: number;
  date?: string;
  onApply: (filter: { trackId?: number; date?: string }) => void;
}) {
  const tracks = useTracks();
  const sorted = [...(tracks.data?.items ?? [])].sort((a, b) => a.track_name.localeCompare(b.track_name));
  return (
    <fieldset className="table-controls results-filters">
      <legend className="visually-hidden">Filter results</legend>
      <div className="control">
        <label htmlFor="results-track">Track</label>
        <select
          id="results-track"
          value={trackId === undefined ? '' : String(trackId)}
          onChange={(e) => onApply({ trackId: parseRaceId(e.target.value) ?? undefined, date })}
        >
          <option value="">All tracks</option>
          {sorted.map((t) => (
            <option key={t.id} value={t.id}>
              {t.track_name}
            </option>
          ))}
        </select>
      </div>
      <div className="control">
        <label htmlFor="results-date">Race day (at the track)</label>
        <input
          id="results-date"
          type="date"
          value={date ?? ''}
          onChange={(e) => {
            const day = e.target.value;
            // A half-typed day is not applied; clearing the field is.
            if (day === '' || DATE.test(day)) onApply({ trackId, date: day || undefined });
          }}
        />
      </div>
      {trackId !== undefined || date !== undefined ? (
        <button type="button" className="button secondary" onClick={() => onApply({})}>
          All results
        </button>
      ) : null}
    </fieldset>
  );
}

function ResultsTable({ items }: { items: RaceResultSummary[] }) {
  return (
    <div className="table-scroll">
      <table className="results-list">
        <caption className="visually-hidden">Race results, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Post time</th>
            <th scope="col">Race</th>
            <th scope="col">Winner</th>
            <th scope="col" className="num">
              $2 Win
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((r) => (
            <tr key={r.result_id}>
              <td>
                <time dateTime={r.post_time}>{formatTimeOfDay(r.post_time, { date: true })}</time>
              </td>
              <td>
                <Link to={`/race-results?id=${r.current_race_id}`} title={`Result of ${r.race_name}`}>
                  {r.track_name} <span className="results-race-number">Race {r.race_number}</span>
                </Link>
              </td>
              <td>
                <PostChip post={r.winner_post_position} /> {r.winner_name}
              </td>
              <td className="num">{formatCents(r.win_payoff_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
