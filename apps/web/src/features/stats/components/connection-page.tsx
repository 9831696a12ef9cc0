import type { ConnectionStatsResponse } from '@furlong/contracts';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { type ConnectionKind, useConnectionStats } from '../../../api/connection-stats';
import { useLeaders } from '../../../api/leaders';
import { Page } from '../../../components/ui/page';
import { PersonPicker } from '../../../components/ui/person-picker';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { formatNumber } from '../../../lib/format';
import { LeadersTable } from './leaders-table';

export type ConnectionView = 'history' | 'stats' | 'style';

/** The routes of the six pages (their spelling is the spec's). */
export const CONNECTION_PATHS: Record<ConnectionKind, Record<ConnectionView, string>> = {
  jockeys: { history: '/jockey-History', stats: '/jockey-Stats', style: '/jockey-Style' },
  trainers: { history: '/trainer-history', stats: '/trainer-stats', style: '/trainer-style' },
};

const VIEW_LABEL: Record<ConnectionView, string> = { history: 'History', stats: 'Stats', style: 'Style' };
const PERSON: Record<ConnectionKind, { noun: string; title: string; sheet: string }> = {
  jockeys: { noun: 'jockey', title: 'Jockey', sheet: 'jockey' },
  trainers: { noun: 'trainer', title: 'Trainer', sheet: 'trainer' },
};

/** The leaders offered when nobody is chosen yet. */
export const PICK_FROM_LEADERS = { limit: 10, minStarts: 10 } as const;

/** `?id=` as a record id: null when absent, NaN when it is not one. */
function readId(text: string | null): number | null {
  if (text === null || text === '') return null;
  return /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : Number.NaN;
}

/**
 * The frame of the jockey and trainer pages: a name picker, links between History, Stats and Style
 * for the same person, and the chosen person's figures (`?id=` in the URL). With nobody chosen it
 * offers the leaders to click.
 */
export function ConnectionPage({
  kind,
  view,
  children,
}: {
  kind: ConnectionKind;
  view: ConnectionView;
  children(stats: ConnectionStatsResponse): ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const id = readId(params.get('id'));
  const person = PERSON[kind];
  const stats = useConnectionStats(kind, id !== null && Number.isInteger(id) ? id : null);
  const title = `${person.title} ${VIEW_LABEL[view]}`;

  const toolbar = (
    <div className="table-controls stats-toolbar">
      <PersonPicker kind={kind} onPick={(p) => setParams({ id: String(p.id) })} />
      {id !== null ? (
        <nav className="stats-views" aria-label={`${person.title} pages`}>
          {(Object.keys(VIEW_LABEL) as ConnectionView[]).map((v) => (
            <Link
              key={v}
              to={`${CONNECTION_PATHS[kind][v]}?id=${params.get('id') ?? ''}`}
              className={v === view ? 'stats-tab active' : 'stats-tab'}
              aria-current={v === view ? 'page' : undefined}
            >
              {VIEW_LABEL[v]}
            </Link>
          ))}
        </nav>
      ) : null}
    </div>
  );

  let body: ReactNode;
  if (id === null) {
    body = <PickFromLeaders kind={kind} view={view} />;
  } else if (Number.isNaN(id)) {
    body = <ErrorMessage text={`Error: '${params.get('id')}' is not a ${person.noun} id.`} />;
  } else if (stats.isPending) {
    body = <Loading />;
  } else if (stats.isError) {
    body = <ErrorMessage error={stats.error} />;
  } else {
    const s = stats.data;
    body = (
      <>
        <header className="person-header">
          <h2>{s.name}</h2>
          <p className="hint person-meta">
            {formatNumber(s.starts)} {s.starts === 1 ? 'start' : 'starts'} · {formatNumber(s.wins)}{' '}
            {s.wins === 1 ? 'win' : 'wins'} ·{' '}
            <Link to={`/page-${person.sheet}/${s.id}`}>
              {person.title} sheet <span className="visually-hidden">of {s.name}</span>
            </Link>
          </p>
        </header>
        {children(s)}
      </>
    );
  }

  return (
    <Page
      title={title}
      actions={
        id !== null ? (
          <Link className="button secondary" to={CONNECTION_PATHS[kind][view]}>
            Choose another {person.noun}
          </Link>
        ) : null
      }
    >
      {toolbar}
      {body}
    </Page>
  );
}

/** Nobody chosen: the top ten by wins (with 10+ starts), each a link to this page for them. */
function PickFromLeaders({ kind, view }: { kind: ConnectionKind; view: ConnectionView }) {
  const leaders = useLeaders({ kind, sort: 'wins', ...PICK_FROM_LEADERS });
  const person = PERSON[kind];
  return (
    <section aria-labelledby="pick-leaders">
      <h2 id="pick-leaders">Or pick one of the leading {person.noun}s</h2>
      {leaders.isPending ? <Loading /> : null}
      {leaders.isError ? <ErrorMessage error={leaders.error} /> : null}
      {leaders.data ? (
        leaders.data.items.length === 0 ? (
          <EmptyState>
            No {person.noun} has {PICK_FROM_LEADERS.minStarts} starts yet. Search for one by name above.
          </EmptyState>
        ) : (
          <LeadersTable
            rows={leaders.data.items}
            sort="wins"
            nameLabel={person.title}
            caption={`Top ${leaders.data.items.length} ${person.noun}s by wins (${PICK_FROM_LEADERS.minStarts}+ starts)`}
            hrefFor={(row) => `${CONNECTION_PATHS[kind][view]}?id=${row.id}`}
          />
        )
      ) : null}
    </section>
  );
}
