import { STATS_LEADER_KINDS, STATS_LEADER_SORTS, type StatsLeaderKind, type StatsLeaderSort } from '@furlong/contracts';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useLeaders } from '../../../api/leaders';
import { ScatterChart } from '../../../components/charts/scatter-chart';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { formatCents, formatNumber } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { LeadersTable } from './leaders-table';
import { pct } from './stats-format';

export const LEADER_LIMITS = [10, 25, 50, 100] as const;
/** Leaders named beside their point on the chart. */
const LABELLED_LEADERS = 5;

export const KIND_LABEL: Record<StatsLeaderKind, { plural: string; singular: string; path: string }> = {
  jockeys: { plural: 'Jockeys', singular: 'Jockey', path: 'jockey' },
  trainers: { plural: 'Trainers', singular: 'Trainer', path: 'trainer' },
  horses: { plural: 'Horses', singular: 'Horse', path: 'horse' },
  owners: { plural: 'Owners', singular: 'Owner', path: 'owner' },
};

export const SORT_LABEL: Record<StatsLeaderSort, string> = {
  wins: 'Wins',
  win_pct: 'Win %',
  earnings: 'Earnings',
  starts: 'Starts',
};

/** The record sheet of a leader: /page-jockey/5. */
export const sheetHref = (kind: StatsLeaderKind, id: number) => `/page-${KIND_LABEL[kind].path}/${id}`;

function oneOf<T extends string>(list: readonly T[], value: string | null, fallback: T): T {
  return list.includes(value as T) ? (value as T) : fallback;
}

function positiveInt(text: string | null): number | undefined {
  if (text === null || !/^\d+$/.test(text.trim())) return undefined;
  const n = Number(text);
  return n >= 1 ? n : undefined;
}

/** /leader-board and /leaderboard: ranked jockeys, trainers, horses or owners; the choices live in the URL. */
export function LeadersPage() {
  const [params, setParams] = useSearchParams();
  const kind = oneOf(STATS_LEADER_KINDS, params.get('kind'), 'jockeys');
  const sort = oneOf(STATS_LEADER_SORTS, params.get('sort'), 'wins');
  const limitParam = Number(params.get('limit'));
  const limit = (LEADER_LIMITS as readonly number[]).includes(limitParam) ? limitParam : LEADER_LIMITS[0];
  const minStarts = positiveInt(params.get('min_starts'));

  const leaders = useLeaders({ kind, sort, limit, minStarts });
  const ids = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const update = (key: string, value: string) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set(key, value);
      return next;
    });
  };

  // The min-starts box: typed freely, sent once typing pauses; the URL (back button) wins over it.
  const [minDraft, setMinDraft] = useState(minStarts === undefined ? '' : String(minStarts));
  const settledMin = useDebouncedValue(minDraft, 400);
  const lastCommitted = useRef(minDraft);
  useEffect(() => {
    const fromUrl = minStarts === undefined ? '' : String(minStarts);
    if (fromUrl !== lastCommitted.current) {
      lastCommitted.current = fromUrl;
      setMinDraft(fromUrl);
    }
  }, [minStarts]);
  useEffect(() => {
    if (settledMin === lastCommitted.current) return;
    if (settledMin.trim() !== '' && positiveInt(settledMin) === undefined) return;
    const value = settledMin.trim();
    lastCommitted.current = value;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set('min_starts', value);
        else next.delete('min_starts');
        return next;
      },
      { replace: true },
    );
  }, [settledMin, setParams]);

  const chooseKind = (index: number) => {
    const next = STATS_LEADER_KINDS[(index + STATS_LEADER_KINDS.length) % STATS_LEADER_KINDS.length] ?? 'jockeys';
    update('kind', next);
    tabRefs.current[STATS_LEADER_KINDS.indexOf(next)]?.focus();
  };
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: STATS_LEADER_KINDS.length - 1,
    };
    const target = moves[e.key];
    if (target === undefined) return;
    e.preventDefault();
    chooseKind(target);
  };

  const label = KIND_LABEL[kind];
  const data = leaders.data;
  const minInvalid = minDraft.trim() !== '' && positiveInt(minDraft) === undefined;

  return (
    <Page title="Leader Board">
      <div className="stats-tabs" role="tablist" aria-label="Leaders of">
        {STATS_LEADER_KINDS.map((k, i) => (
          <button
            key={k}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${ids}-tab-${k}`}
            aria-selected={k === kind}
            aria-controls={`${ids}-panel`}
            tabIndex={k === kind ? 0 : -1}
            className={k === kind ? 'stats-tab active' : 'stats-tab'}
            onClick={() => chooseKind(i)}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            {KIND_LABEL[k].plural}
          </button>
        ))}
      </div>

      <div className="stats-tab-panel" role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${kind}`}>
        <div className="table-controls">
          <div className="control">
            <label htmlFor={`${ids}-sort`}>Sort by</label>
            <select id={`${ids}-sort`} value={sort} onChange={(e) => update('sort', e.target.value)}>
              {STATS_LEADER_SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABEL[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="control">
            <label htmlFor={`${ids}-min`}>Min starts</label>
            <input
              id={`${ids}-min`}
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              value={minDraft}
              placeholder={sort === 'win_pct' ? '10' : '1'}
              aria-invalid={minInvalid || undefined}
              aria-describedby={`${ids}-min-hint`}
              onChange={(e) => setMinDraft(e.target.value)}
            />
          </div>
          <div className="control">
            <label htmlFor={`${ids}-limit`}>Show</label>
            <select id={`${ids}-limit`} value={limit} onChange={(e) => update('limit', e.target.value)}>
              {LEADER_LIMITS.map((n) => (
                <option key={n} value={n}>
                  Top {n}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="hint" id={`${ids}-min-hint`}>
          {minInvalid
            ? 'Min starts is a whole number, 1 or more.'
            : data
              ? `Counting ${label.plural.toLowerCase()} with ${formatNumber(data.min_starts)} or more starts.`
              : 'Blank min starts counts everyone (10 or more for a win-rate board).'}
          {leaders.isFetching && data ? ' Updating…' : ''}
        </p>

        {leaders.isError ? <ErrorMessage error={leaders.error} /> : null}
        {leaders.isPending ? <Loading /> : null}
        {data ? (
          data.items.length === 0 ? (
            <EmptyState>
              No {label.plural.toLowerCase()} with {formatNumber(data.min_starts)} or more starts yet. Try a lower min
              starts.
            </EmptyState>
          ) : (
            <>
              <LeadersTable
                rows={data.items}
                sort={data.sort}
                nameLabel={label.singular}
                caption={`Top ${data.items.length} ${label.plural.toLowerCase()} by ${SORT_LABEL[data.sort].toLowerCase()}`}
                hrefFor={(row) => sheetHref(data.kind, row.id)}
              />
              <ScatterChart
                caption={`Win % against starts: these ${data.items.length} ${label.plural.toLowerCase()}`}
                series={[
                  {
                    label: label.plural,
                    points: data.items.map((row, i) => ({
                      x: row.starts,
                      y: row.win_pct,
                      weight: row.earnings_cents,
                      name: row.name,
                      // Names beside the leading few only: more would write over each other.
                      label: i < LABELLED_LEADERS ? row.name : undefined,
                    })),
                  },
                ]}
                xLabel="Starts"
                yLabel="Win %"
                weightLabel="Earnings"
                formatX={formatNumber}
                formatY={pct}
                formatWeight={formatCents}
                note={`A rate from few starts is luck as often as skill: look right for the busy ones. Each point’s size is its earnings; the top ${LABELLED_LEADERS} are named.`}
              />
            </>
          )
        ) : null}
      </div>
    </Page>
  );
}
