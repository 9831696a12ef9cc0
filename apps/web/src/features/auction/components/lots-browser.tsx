import type { SaleKind } from '@furlong/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { useSession } from '../../../lib/session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useBreeds } from '../api/breeds';
import { type LotsFilter, useAuctionLots } from '../api/lots';
import { useLotRooms } from '../hooks/use-lot-rooms';
import { AUCTION_TEXT } from './auction-text';
import { LotTable, liveIds } from './lot-table';

const PAGE_SIZE = 50;

const STATUSES = [
  ['live', 'Taking bids'],
  ['closed', 'Closed'],
  ['sold', 'Sold'],
  ['rna', 'Not sold (RNA)'],
  ['no_bids', 'No bids'],
  ['', 'All'],
] as const;

const SORTS = [
  ['closes_at', 'Closing time'],
  ['price', 'Price'],
  ['lot_no', 'Lot number'],
  ['name', 'Name'],
] as const;

type FilterField = 'q' | 'breed' | 'age_min' | 'age_max' | 'price_min' | 'price_max' | 'status' | 'sort' | 'order';

const int = (text: string | null) => (text && /^\d+$/.test(text) ? Number(text) : undefined);
const dollarsToCents = (text: string | null) =>
  text && /^\d+(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : undefined;

/** The list's filter from the address (dollars in the address, cents to the server). */
export function filterFromParams(params: URLSearchParams, fixed: Partial<LotsFilter>): LotsFilter {
  const status = params.get('status') ?? 'live';
  return {
    q: params.get('q') || undefined,
    breed: params.get('breed') || undefined,
    age_min: int(params.get('age_min')),
    age_max: int(params.get('age_max')),
    price_min: dollarsToCents(params.get('price_min')),
    price_max: dollarsToCents(params.get('price_max')),
    status: (status || undefined) as LotsFilter['status'],
    sort: (params.get('sort') as LotsFilter['sort']) || 'closes_at',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    sale_id: int(params.get('sale_id')),
    limit: PAGE_SIZE,
    offset: int(params.get('offset')) ?? 0,
    ...fixed,
  };
}

/**
 * The lot list with its filters (breed, age, price, status, name; sorted), kept in the address so a
 * filtered list can be shared. The live lots on screen join their rooms (the first 12); the list
 * reads again every 20 s for the rest.
 */
export function LotsBrowser({ kind, caption }: { kind?: SaleKind; caption: string }) {
  const ids = useId();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params, kind ? { kind } : {});
  const lots = useAuctionLots(filter);
  const breeds = useBreeds();
  useLotRooms(liveIds(lots.data?.items ?? []));

  const field = (name: FilterField) => params.get(name) ?? (name === 'status' ? 'live' : '');
  const [draft, setDraft] = useState(() => ({
    q: field('q'),
    age_min: field('age_min'),
    age_max: field('age_max'),
    price_min: field('price_min'),
    price_max: field('price_max'),
  }));

  const set = (changes: Partial<Record<FilterField | 'offset', string>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === '' || v === undefined) next.delete(k);
      else next.set(k, v);
    }
    if (!('offset' in changes)) next.delete('offset');
    setParams(next, { replace: true });
  };
  // The typed filters apply once typing stops (no Apply round trip; Enter changes nothing more).
  const settled = useDebouncedValue(draft, 400);
  const applied = useRef(settled);
  useEffect(() => {
    if (applied.current === settled) return;
    applied.current = settled;
    set(settled);
  });
  const text = (name: keyof typeof draft, label: string, type: 'number' | 'search', step?: string) => (
    <div className="control">
      <label htmlFor={`${ids}-${name}`}>{label}</label>
      <input
        id={`${ids}-${name}`}
        type={type}
        min={type === 'number' ? 0 : undefined}
        step={step}
        value={draft[name]}
        onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}
      />
    </div>
  );

  const data = lots.data;
  const offset = filter.offset ?? 0;
  return (
    <section aria-label={caption}>
      <form className="table-controls auction-filters" onSubmit={(e) => e.preventDefault()} aria-label="Filter lots">
        {text('q', 'Name', 'search')}
        <div className="control">
          <label htmlFor={`${ids}-breed`}>Breed</label>
          <select id={`${ids}-breed`} value={field('breed')} onChange={(e) => set({ breed: e.target.value })}>
            <option value="">All breeds</option>
            {breeds.data?.items.map((b) => (
              <option key={b.id} value={b.breed_name}>
                {b.breed_name}
              </option>
            ))}
          </select>
        </div>
        {text('age_min', 'Age from', 'number', '1')}
        {text('age_max', 'to', 'number', '1')}
        {text('price_min', 'Price from ($)', 'number', '0.01')}
        {text('price_max', 'to ($)', 'number', '0.01')}
        <div className="control">
          <label htmlFor={`${ids}-status`}>Status</label>
          <select id={`${ids}-status`} value={field('status')} onChange={(e) => set({ status: e.target.value })}>
            {STATUSES.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </div>
        <div className="control">
          <label htmlFor={`${ids}-sort`}>Sort by</label>
          <select
            id={`${ids}-sort`}
            value={field('sort') || 'closes_at'}
            onChange={(e) => set({ sort: e.target.value })}
          >
            {SORTS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
          <select aria-label="Order" value={field('order') || 'asc'} onChange={(e) => set({ order: e.target.value })}>
            <option value="asc">Ascending</option>
            <option value="desc">Descending</option>
          </select>
        </div>
      </form>
      {lots.isPending ? <Loading text="Loading lots…" /> : null}
      {lots.isError ? <ErrorMessage error={lots.error} text="Could not load the lots." /> : null}
      {data && data.items.length === 0 ? <EmptyState>{AUCTION_TEXT.noLots}</EmptyState> : null}
      {data && data.items.length > 0 ? (
        <>
          <p className="row-count" aria-live="polite">
            {lots.isPlaceholderData
              ? 'Loading…'
              : `Showing ${offset + 1}–${offset + data.items.length} of ${data.total} lots`}
          </p>
          <LotTable lots={data.items} caption={caption} me={session?.id} />
          {data.total > PAGE_SIZE ? (
            <p className="pager">
              <button
                type="button"
                className="button small secondary"
                disabled={offset === 0}
                onClick={() => set({ offset: String(Math.max(0, offset - PAGE_SIZE)) })}
              >
                Previous
              </button>
              <button
                type="button"
                className="button small secondary"
                disabled={offset + PAGE_SIZE >= data.total}
                onClick={() => set({ offset: String(offset + PAGE_SIZE) })}
              >
                Next
              </button>
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
