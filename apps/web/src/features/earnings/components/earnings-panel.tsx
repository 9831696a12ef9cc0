import type { EarningsHorse, EarningsKind, EarningsSummaryResponse } from '@furlong/contracts';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useEarningsSummary } from '../../../api/earnings-summary';
import { compactCents } from '../../../components/charts/chart-format';
import { TimeChart } from '../../../components/charts/time-chart';
import { StatCards } from '../../../components/ui/stat-cards';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { formatCents, formatNumber } from '../../../lib/format';
import { EarningsHorsesTable } from './earnings-horses-table';
import { EARNINGS_SELECTIONS, HORSES_VERB, isConnection } from './earnings-kinds';
import { EarningsStartsTable } from './earnings-starts-table';

/** Tracks listed before "Show all tracks". */
const TRACKS_SHOWN = 10;

const BUCKET_NOTE: Record<EarningsSummaryResponse['bucket'], string> = {
  day: 'One point per race day',
  week: 'One point per week (the history is long)',
  month: 'One point per month (the history is long)',
  year: 'One point per year (the history is long)',
};

function TotalsTable({
  caption,
  heading,
  rows,
  total,
}: {
  caption: string;
  heading: string;
  rows: readonly { key: string; label: string; starts: number; wins: number; earnings_cents: number }[];
  total: { starts: number; wins: number; earnings_cents: number; label: string };
}) {
  return (
    <div className="table-scroll">
      <table className="stats-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <th scope="col" className="num">
              Starts
            </th>
            <th scope="col" className="num">
              Wins
            </th>
            <th scope="col" className="num">
              Earnings
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              <td className="num">{formatNumber(r.starts)}</td>
              <td className="num">{formatNumber(r.wins)}</td>
              <td className="num">{formatCents(r.earnings_cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{total.label}</th>
            <td className="num">{formatNumber(total.starts)}</td>
            <td className="num">{formatNumber(total.wins)}</td>
            <td className="num">{formatCents(total.earnings_cents)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * One selection's earnings: the headline figures, the running total over time (chart, with its
 * table), totals by year and by track, the starts race by race, and, with Show All Horses, the
 * horses a jockey rode, a trainer trained or an owner owned.
 */
export function EarningsPanel({
  kind,
  id,
  showHorses,
  horseHref,
}: {
  kind: EarningsKind;
  id: number;
  showHorses: boolean;
  horseHref(horse: EarningsHorse): string;
}) {
  const ids = useId();
  const summary = useEarningsSummary(kind, id);
  const [allTracks, setAllTracks] = useState(false);
  const selection = EARNINGS_SELECTIONS.find((s) => s.kind === kind) ?? (EARNINGS_SELECTIONS[0] as never);
  let body: ReactNode;
  if (summary.isPending) body = <Loading text={`Loading the ${selection.noun}’s earnings…`} />;
  else if (summary.isError) body = <ErrorMessage error={summary.error} />;
  else {
    const s = summary.data;
    const tracks = allTracks ? s.by_track : s.by_track.slice(0, TRACKS_SHOWN);
    const byTrackNote =
      s.tracks_total > s.by_track.length
        ? `The ${s.by_track.length} best of ${formatNumber(s.tracks_total)} tracks; the total counts them all.`
        : '';
    body = (
      <>
        <header className="person-header">
          <h2 id={`${ids}-name`}>
            {s.name} <span className="hint">({selection.noun})</span>
          </h2>
          <p className="hint person-meta">
            <Link to={`/page-${selection.param}/${s.id}`}>
              {selection.title} sheet <span className="visually-hidden">of {s.name}</span>
            </Link>
          </p>
        </header>
        <StatCards
          label={`Earnings of ${s.name}`}
          cards={[
            { label: 'Earnings', value: formatCents(s.earnings_cents) },
            { label: 'Starts', value: formatNumber(s.starts) },
            { label: 'Wins', value: formatNumber(s.wins) },
            { label: 'Paid starts', value: formatNumber(s.paid_starts), detail: 'starts that earned money' },
            {
              label: 'Raced',
              value: s.first_date && s.last_date ? `${s.first_date} – ${s.last_date}` : '—',
            },
          ]}
        />
        {s.starts === 0 ? (
          <EmptyState>No starts on record yet, so no earnings.</EmptyState>
        ) : (
          <>
            <TimeChart
              caption={`Earnings over time: ${s.name}`}
              days={s.timeline.map((p) => p.date)}
              series={[{ label: 'Running total', values: s.timeline.map((p) => p.cumulative_cents), step: true }]}
              format={formatCents}
              axisFormat={compactCents}
              note={`${BUCKET_NOTE[s.bucket]}; the line steps up where a race paid.`}
            />
            {showHorses && isConnection(kind) ? (
              <section aria-labelledby={`${ids}-horses`}>
                <h3 id={`${ids}-horses`}>Horses</h3>
                <EarningsHorsesTable
                  of={{ kind, id }}
                  caption={`Horses ${s.name} ${HORSES_VERB[kind]}, by earnings with them`}
                  hrefFor={horseHref}
                  empty="No horses on record."
                />
              </section>
            ) : null}
            <div className="earnings-totals">
              <TotalsTable
                caption={`Totals by year: ${s.name}`}
                heading="Year"
                rows={s.by_year.map((y) => ({ ...y, key: String(y.year), label: String(y.year) }))}
                total={{ ...s, label: 'All years' }}
              />
              <div>
                <TotalsTable
                  caption={`Totals by track: ${s.name}`}
                  heading="Track"
                  rows={tracks.map((t) => ({ ...t, key: String(t.track_id), label: t.track_name }))}
                  total={{ ...s, label: 'All tracks' }}
                />
                {s.by_track.length > TRACKS_SHOWN ? (
                  <button type="button" className="button secondary" onClick={() => setAllTracks((v) => !v)}>
                    {allTracks ? `Show the best ${TRACKS_SHOWN} tracks` : `Show all ${s.by_track.length} tracks`}
                  </button>
                ) : null}
                {byTrackNote && allTracks ? <p className="hint">{byTrackNote}</p> : null}
              </div>
            </div>
            <EarningsStartsTable kind={kind} id={id} name={s.name} />
          </>
        )}
      </>
    );
  }
  return (
    <section className="card earnings-panel" aria-label={`${selection.title} earnings`}>
      {body}
    </section>
  );
}
