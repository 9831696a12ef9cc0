import type { CatalogKindName } from '@furlong/contracts';
import { Link } from 'react-router-dom';
import type { CatalogRow } from '../../../api/catalog-record';
import { DeadHeatMark } from '../../../components/ui/dead-heat';
import { type Runner, RunnersTable } from '../../../components/ui/runners-table';
import { EmptyState } from '../../../components/ui/status';
import { formatCents, formatRaceTime } from '../../../lib/format';

interface Finisher {
  finish_position: number;
  post_position: number;
  horse_id: number;
  horse_name?: string;
  finish_time_ms: number;
  speed_figure?: number;
  earnings_cents?: number;
}

/** What hangs off a record without a profile: a race's field and result. */
export function RelatedRecords({ kind, record }: { kind: CatalogKindName; record: CatalogRow }) {
  return kind === 'races' ? <RaceField record={record} /> : null;
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
            .sort((a, b) => a.finish_position - b.finish_position || a.post_position - b.post_position)
            .map((f) => (
              // value: runners that dead-heated share their number (1, 2, 2, 4).
              <li key={f.post_position} value={f.finish_position}>
                <Link to={`/page-horse/${f.horse_id}`}>
                  {f.horse_name ?? nameOf.get(f.horse_id) ?? `Horse ${f.horse_id}`}
                </Link>{' '}
                (post {f.post_position}) {formatRaceTime(f.finish_time_ms)}
                {f.earnings_cents ? ` · ${formatCents(f.earnings_cents)}` : ''}
                {finishers.some((o) => o !== f && o.finish_position === f.finish_position) ? <DeadHeatMark /> : null}
              </li>
            ))}
        </ol>
      )}
    </section>
  );
}
