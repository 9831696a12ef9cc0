import type { CatalogKindName, ConnectionStatsResponse, PastPerformanceRecord } from '@furlong/contracts';
import { formatOdds } from '@furlong/domain';
import { Link } from 'react-router-dom';
import type { CatalogRow } from '../../../api/catalog-record';
import { useConnectionStats } from '../../../api/connection-stats';
import { usePastPerformance } from '../../../api/past-performance';
import { useRaceResults } from '../../../api/race-results';
import { useTrackCard } from '../../../api/track-card';
import { raceHref } from '../../../components/ui/next-to-post';
import { formFigures } from '../../../components/ui/runners-table';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { TimeOfDay } from '../../../components/ui/time-of-day';
import { formatCents, formatPercent, formatRaceTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useCatalogList } from '../api/catalog-list';

/** The kinds whose page opens on a profile rather than on the record's fields. */
export const PROFILE_KINDS = ['horses', 'jockeys', 'trainers', 'owners', 'tracks'] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

export const hasProfile = (kind: CatalogKindName): kind is ProfileKind =>
  (PROFILE_KINDS as readonly string[]).includes(kind);

/** A horse, jockey, trainer, owner or track as a fan reads it: form, figures and what is next. */
export function Profile({ kind, record }: { kind: ProfileKind; record: CatalogRow }) {
  switch (kind) {
    case 'horses':
      return <HorseProfile record={record} />;
    case 'jockeys':
    case 'trainers':
      return <ConnectionProfile kind={kind} id={record.id} />;
    case 'owners':
      return <OwnerHorses id={record.id} />;
    case 'tracks':
      return <TrackProfile record={record} />;
  }
}

/** Colt and filly up to four years old, horse and mare from five, as racing calls them. */
function sexWord(gender: unknown, age: unknown): string | null {
  if (gender !== 'male' && gender !== 'female') return null;
  const young = typeof age !== 'number' || age <= 4;
  if (gender === 'male') return young ? 'colt' : 'horse';
  return young ? 'filly' : 'mare';
}

/** Starts-wins-places-shows as a program prints a record: "12: 3-2-1". */
function recordLine(r: Pick<PastPerformanceRecord, 'starts' | 'wins' | 'places' | 'shows'>): string {
  return `${r.starts}: ${r.wins}-${r.places}-${r.shows}`;
}

function HorseProfile({ record }: { record: CatalogRow }) {
  const pp = usePastPerformance(record.id);
  const facts = [
    typeof record.age === 'number' ? `${record.age}-year-old` : null,
    typeof record.color === 'string' ? record.color : null,
    sexWord(record.gender, record.age),
    typeof record.breed_name === 'string' ? record.breed_name : null,
  ].filter(Boolean);
  const pedigree = [
    record.sire ? `by ${String(record.sire)}` : null,
    record.dam ? `out of ${String(record.dam)}` : null,
  ]
    .filter(Boolean)
    .join(' ');
  const connections: [string, string, unknown][] = [
    ['Jockey', 'jockey', record.jockey_id],
    ['Trainer', 'trainer', record.trainer_id],
    ['Owner', 'owner', record.owner_id],
  ];
  const starts = pp.data?.recent_starts ?? [];
  return (
    <>
      <p className="profile-lead">
        {facts.join(', ')}
        {pedigree ? ` · ${pedigree}` : ''}
      </p>
      <section className="related" aria-label="Connections">
        <h2>Connections</h2>
        <ul className="connections">
          {connections.map(([label, singular, id]) =>
            typeof id === 'number' ? (
              <li key={label}>
                {label}:{' '}
                <Link to={`/page-${singular}/${id}`}>{String(record[`${singular}_name`] ?? `${label} ${id}`)}</Link>
              </li>
            ) : null,
          )}
        </ul>
      </section>
      {pp.isPending ? <Loading text="Loading the past performances..." /> : null}
      {pp.isError ? <ErrorMessage error={pp.error} /> : null}
      {pp.data ? (
        <>
          <section className="related" aria-label="Form and record">
            <h2>Form</h2>
            <p>
              Form figures <strong className="form-figures">{formFigures(starts.map((s) => s.finish_position))}</strong>{' '}
              (latest on the right)
              {pp.data.avg_speed_figure_horse !== null
                ? ` · average speed figure ${pp.data.avg_speed_figure_horse}`
                : ''}
            </p>
            <div className="table-scroll">
              <table className="record-table">
                <caption>Record (starts: wins-seconds-thirds)</caption>
                <thead>
                  <tr>
                    <th scope="col">Year</th>
                    <th scope="col">Starts</th>
                    <th scope="col">1st</th>
                    <th scope="col">2nd</th>
                    <th scope="col">3rd</th>
                    <th scope="col">Earnings</th>
                  </tr>
                </thead>
                <tbody>
                  {[pp.data.career, ...pp.data.by_year].map((r) => (
                    <tr key={r.year ?? 'career'} aria-label={`${r.year ?? 'Career'} ${recordLine(r)}`}>
                      <th scope="row">{r.year ?? 'Career'}</th>
                      <td>{r.starts}</td>
                      <td>{r.wins}</td>
                      <td>{r.places}</td>
                      <td>{r.shows}</td>
                      <td>{formatCents(r.earnings_cents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section className="related" aria-label="Past performances">
            <h2>Past performances</h2>
            {starts.length === 0 ? (
              <EmptyState>No starts yet: this horse has not run.</EmptyState>
            ) : (
              <div className="table-scroll">
                <table>
                  <caption>Last {starts.length} starts, newest first</caption>
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
                      <th scope="col">Odds</th>
                      <th scope="col">Earned</th>
                    </tr>
                  </thead>
                  <tbody>
                    {starts.map((s) => (
                      <tr key={s.race_id}>
                        <td>{s.race_date}</td>
                        <td>
                          <Link to={`/page-race/${s.race_id}`}>{s.race_name}</Link>
                        </td>
                        <td>
                          <Link to={`/page-track/${s.track_id}`}>{s.location}</Link>
                        </td>
                        <td>{s.furlongs} f</td>
                        <td>
                          {s.surface_type}, {s.track_condition}
                        </td>
                        <td>{s.post_position}</td>
                        <td>
                          {s.finish_position} of {s.num_horses}
                        </td>
                        <td>{formatRaceTime(s.finish_time_ms)}</td>
                        <td>{s.speed_figure}</td>
                        <td>{s.odds === null ? '—' : formatOdds(s.odds).fractional}</td>
                        <td>{formatCents(s.earnings_cents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      ) : null}
    </>
  );
}

const NOUN = { jockeys: { rides: 'rides', horse: 'Mount' }, trainers: { rides: 'starters', horse: 'Starter' } };

function ConnectionProfile({ kind, id }: { kind: 'jockeys' | 'trainers'; id: number }) {
  const stats = useConnectionStats(kind, id);
  if (stats.isPending) return <Loading text="Loading the figures..." />;
  if (stats.isError) return <ErrorMessage error={stats.error} />;
  return <ConnectionFigures kind={kind} stats={stats.data} />;
}

function ConnectionFigures({ kind, stats }: { kind: 'jockeys' | 'trainers'; stats: ConnectionStatsResponse }) {
  const noun = NOUN[kind];
  const statsPath = kind === 'jockeys' ? '/jockey-Stats' : '/trainer-stats';
  return (
    <>
      <section className="related" aria-label="Strike rates">
        <h2>Strike rates</h2>
        <dl className="figures">
          <div>
            <dt>Starts</dt>
            <dd>{stats.starts}</dd>
          </div>
          <div>
            <dt>Record (1st-2nd-3rd)</dt>
            <dd>
              {stats.wins}-{stats.places}-{stats.shows}
            </dd>
          </div>
          <div>
            <dt>Win %</dt>
            <dd>{formatPercent(stats.win_pct)}</dd>
          </div>
          <div>
            <dt>In the money %</dt>
            <dd>{formatPercent(stats.itm_pct)}</dd>
          </div>
          <div>
            <dt>Earnings</dt>
            <dd>{formatCents(stats.earnings_cents)}</dd>
          </div>
        </dl>
        <p>
          <Link to={`${statsPath}?id=${stats.id}`}>By surface, condition, distance and post ›</Link>
        </p>
      </section>
      <section className="related" aria-label={`Recent ${noun.rides}`}>
        <h2>Recent {noun.rides}</h2>
        {stats.recent.length === 0 ? (
          <EmptyState>No {noun.rides} yet.</EmptyState>
        ) : (
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">{noun.horse}</th>
                  <th scope="col">Finish</th>
                  <th scope="col">Race</th>
                  <th scope="col">Time</th>
                  <th scope="col">Speed fig.</th>
                  <th scope="col">Earned</th>
                </tr>
              </thead>
              <tbody>
                {stats.recent.map((r) => (
                  <tr key={`${r.race_id}-${r.horse_id}`}>
                    <td>{r.race_date}</td>
                    <td>
                      <Link to={`/page-horse/${r.horse_id}`}>{r.horse_name}</Link>
                    </td>
                    <td>
                      {r.finish_position} of {r.num_horses}
                    </td>
                    <td>
                      <Link to={`/page-race/${r.race_id}`}>{r.race_name}</Link>
                      <span className="hint"> · {r.track_name}</span>
                    </td>
                    <td>{formatRaceTime(r.finish_time_ms)}</td>
                    <td>{r.speed_figure}</td>
                    <td>{formatCents(r.earnings_cents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

function OwnerHorses({ id }: { id: number }) {
  const horses = useCatalogList('horses', {
    limit: 50,
    offset: 0,
    sort: 'earnings_cents',
    order: 'desc',
    filters: { owner_id: String(id) },
  });
  return (
    <section className="related" aria-label="Horses">
      <h2>Horses{horses.data ? ` (${horses.data.total})` : ''}</h2>
      {horses.isPending ? <Loading text="Loading the horses..." /> : null}
      {horses.isError ? <ErrorMessage error={horses.error} /> : null}
      {horses.data && horses.data.items.length === 0 ? <EmptyState>This owner has no horses.</EmptyState> : null}
      {horses.data && horses.data.items.length > 0 ? (
        <div className="table-scroll">
          <table>
            <caption>Best earners first</caption>
            <thead>
              <tr>
                <th scope="col">Horse</th>
                <th scope="col">Age</th>
                <th scope="col">Sex</th>
                <th scope="col">Earnings</th>
              </tr>
            </thead>
            <tbody>
              {horses.data.items.map((h) => (
                <tr key={h.id}>
                  <td>
                    <Link to={`/page-horse/${h.id}`}>{String(h.horse_name)}</Link>
                  </td>
                  <td>{typeof h.age === 'number' ? h.age : '—'}</td>
                  <td>{sexWord(h.gender, h.age) ?? '—'}</td>
                  <td>{formatCents(h.earnings_cents as number)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

const NOT_OFF = new Set(['scheduled', 'open', 'closed']);
const RECENT_RESULTS = 10;

function TrackProfile({ record }: { record: CatalogRow }) {
  const member = useSession() !== null;
  const card = useTrackCard(record.id);
  const results = useRaceResults({ trackId: record.id, limit: RECENT_RESULTS, offset: 0 });
  const offset = typeof record.utc_offset_minutes === 'number' ? record.utc_offset_minutes : null;
  const upcoming = card.data?.races.filter((r) => NOT_OFF.has(r.status)) ?? [];
  return (
    <>
      <p className="profile-lead">
        {[record.location, record.surface_type, record.track_condition].filter(Boolean).map(String).join(' · ')}
        {typeof record.daily_races === 'number' ? ` · ${record.daily_races} races a day` : ''}
      </p>
      <section className="related" aria-label="Next races">
        <h2>Next races</h2>
        {card.isPending ? <Loading text="Loading today's card..." /> : null}
        {card.isError ? <ErrorMessage error={card.error} /> : null}
        {card.data && upcoming.length === 0 ? <EmptyState>No racing left here today.</EmptyState> : null}
        {upcoming.length > 0 ? (
          <ul className="link-list">
            {upcoming.map((r) => (
              <li key={r.id}>
                <Link to={raceHref(r, member)}>Race {r.race_number}</Link> · post{' '}
                <TimeOfDay at={r.post_time} trackOffset={offset} /> · {r.furlongs} f {r.surface_type} · {r.num_horses}{' '}
                runners · {r.status === 'open' ? 'betting open' : r.status}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="button-row">
          <Link className="button" to={`/track-card?id=${record.id}&daily_races=${String(record.daily_races ?? '')}`}>
            Today's card
          </Link>
          <Link className="button" to={`/track-race-dates/${record.id}`}>
            Weekly races
          </Link>
        </p>
      </section>
      <section className="related" aria-label="Recent results">
        <h2>Recent results</h2>
        {results.isPending ? <Loading text="Loading the results..." /> : null}
        {results.isError ? <ErrorMessage error={results.error} /> : null}
        {results.data && results.data.items.length === 0 ? <EmptyState>No results here yet.</EmptyState> : null}
        {results.data && results.data.items.length > 0 ? (
          <ul className="link-list">
            {results.data.items.map((r) => (
              <li key={r.result_id}>
                <Link to={`/race-results?id=${r.current_race_id}`}>
                  Race {r.race_number}, {r.race_date}
                </Link>{' '}
                · won by <Link to={`/page-horse/${r.winner_horse_id}`}>{r.winner_name}</Link> (#
                {r.winner_post_position})
                {r.win_payoff_cents !== null ? ` · paid ${formatCents(r.win_payoff_cents)} to win` : ''}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}
