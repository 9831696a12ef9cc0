import type { EarningsHorse, EarningsKind } from '@furlong/contracts';
import { useSearchParams } from 'react-router-dom';
import { useEarningsSummary } from '../../../api/earnings-summary';
import { Page } from '../../../components/ui/page';
import { PersonPicker } from '../../../components/ui/person-picker';
import { EmptyState, ErrorMessage } from '../../../components/ui/status';
import { EarningsHorsesTable } from './earnings-horses-table';
import { ALL_HORSES_PARAM, EARNINGS_SELECTIONS, isConnection } from './earnings-kinds';
import { EarningsPanel } from './earnings-panel';
import './earnings.css';

/** `?horse=12` as an id: null when absent, NaN when it is not one. */
function readId(text: string | null): number | null {
  if (text === null || text === '') return null;
  return /^\d{1,10}$/.test(text) && Number(text) > 0 ? Number(text) : Number.NaN;
}

/** The chosen one under a picker, by name once its earnings have loaded, with a way to clear it. */
function Chosen({ kind, id, noun, onClear }: { kind: EarningsKind; id: number; noun: string; onClear(): void }) {
  const summary = useEarningsSummary(kind, id);
  const name = summary.data?.name ?? `${noun} #${id}`;
  return (
    <ul className="chips" aria-label={`Chosen ${noun}`}>
      <li>
        {name}
        <button type="button" aria-label={`Clear ${noun} ${name}`} onClick={onClear}>
          ×
        </button>
      </li>
    </ul>
  );
}

/**
 * /earnings: purse money won by a horse, jockey, trainer or owner (one picker each; each choice gets
 * a panel), and the Show/Hide All Horses toggle. The choices live in the URL (?horse=&jockey=
 * &trainer=&owner=&all=1), so a view can be shared and the back button undoes a choice.
 */
export function EarningsPage() {
  const [params, setParams] = useSearchParams();
  const showAll = params.get(ALL_HORSES_PARAM) === '1';
  const chosen = EARNINGS_SELECTIONS.map((s) => ({ ...s, id: readId(params.get(s.param)) }));
  const valid = chosen.filter((c): c is typeof c & { id: number } => c.id !== null && !Number.isNaN(c.id));
  const anyConnection = valid.some((c) => isConnection(c.kind));

  const change = (edit: (next: URLSearchParams) => void) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      edit(next);
      return next;
    });
  const horseHref = (horse: EarningsHorse) => {
    const next = new URLSearchParams(params);
    next.set('horse', String(horse.horse_id));
    return `/earnings?${next}`;
  };

  return (
    <Page title="Earnings">
      <p className="hint earnings-help">
        Purse money won, from the official results: the seeded history and every race run here since. Type two or more
        letters of a name and pick; each choice gets its own panel with the running total over time, totals by year and
        by track, and the starts race by race.
      </p>
      <details className="earnings-help">
        <summary>What “Show All Horses” shows</summary>
        <p className="hint">
          With a jockey, trainer or owner chosen, their panel lists every horse they rode, trained or owned (as the
          results record it at the time of each race), with what each horse earned with them, highest first; a horse’s
          name opens that horse’s own earnings. With no jockey, trainer or owner chosen, it ranks every horse that has
          raced by earnings. A horse’s own panel has no list. Hide All Horses takes the lists away again.
        </p>
      </details>

      <div className="earnings-pickers">
        {chosen.map((c) => (
          <div key={c.kind} className="earnings-picker">
            <PersonPicker kind={c.kind} onPick={(p) => change((next) => next.set(c.param, String(p.id)))} />
            {c.id !== null && !Number.isNaN(c.id) ? (
              <Chosen kind={c.kind} id={c.id} noun={c.noun} onClear={() => change((next) => next.delete(c.param))} />
            ) : null}
            {c.id !== null && Number.isNaN(c.id) ? (
              <ErrorMessage text={`'${params.get(c.param)}' is not a ${c.noun} id.`} />
            ) : null}
          </div>
        ))}
      </div>
      <div className="table-controls">
        <button
          type="button"
          className="button secondary"
          onClick={() => change((next) => (showAll ? next.delete(ALL_HORSES_PARAM) : next.set(ALL_HORSES_PARAM, '1')))}
        >
          {showAll ? 'Hide All Horses' : 'Show All Horses'}
        </button>
      </div>

      {valid.length === 0 && !showAll ? (
        <EmptyState>
          Choose a horse, jockey, trainer or owner above, or Show All Horses to rank every horse by earnings.
        </EmptyState>
      ) : null}
      {valid.map((c) => (
        <EarningsPanel key={`${c.kind}-${c.id}`} kind={c.kind} id={c.id} showHorses={showAll} horseHref={horseHref} />
      ))}
      {showAll && !anyConnection ? (
        <section className="card earnings-panel" aria-labelledby="all-horses">
          <h2 id="all-horses">All horses</h2>
          <EarningsHorsesTable
            of={null}
            caption="Every horse that has raced, by earnings"
            hrefFor={horseHref}
            empty="No horse has raced yet."
          />
        </section>
      ) : null}
    </Page>
  );
}
