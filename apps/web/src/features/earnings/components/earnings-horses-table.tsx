import type { EarningsHorse } from '@furlong/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { formatCents, formatNumber } from '../../../lib/format';
import { type HorsesOf, useEarningsHorses } from '../api/earnings-horses';
import { EARNINGS_PAGE } from './earnings-kinds';

/** Percent of a cell's bar: a share of the page's largest figure. */
const share = (value: number, largest: number) => (largest > 0 ? Math.round((1000 * value) / largest) / 10 : 0);

/**
 * Horses by what they earned, highest first, a page at a time: under one jockey, trainer or owner,
 * or every horse. A horse's name opens its own earnings on this page.
 */
export function EarningsHorsesTable({
  of,
  caption,
  hrefFor,
  empty,
}: {
  of: HorsesOf;
  caption: string;
  hrefFor(horse: EarningsHorse): string;
  empty: string;
}) {
  const [offset, setOffset] = useState(0);
  const horses = useEarningsHorses(of, EARNINGS_PAGE, offset);
  if (horses.isPending) return <Loading text="Loading the horses…" />;
  if (horses.isError) return <ErrorMessage error={horses.error} />;
  const page = horses.data;
  if (page.total === 0) return <EmptyState>{empty}</EmptyState>;
  const largest = Math.max(0, ...page.items.map((h) => h.earnings_cents));
  return (
    <>
      <div className="table-scroll">
        <table className="leaders-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                #
              </th>
              <th scope="col">Horse</th>
              <th scope="col" className="num sorted" aria-sort="descending">
                Earnings
              </th>
              <th scope="col" className="num">
                Starts
              </th>
              <th scope="col" className="num">
                Wins
              </th>
              <th scope="col">Raced</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((h, i) => (
              <tr key={h.horse_id}>
                <td className="num">{page.offset + i + 1}</td>
                <td>
                  <Link to={hrefFor(h)}>{h.horse_name}</Link>
                </td>
                <td className="num sorted">
                  <span className="cell-bar" aria-hidden="true">
                    <span style={{ width: `${share(h.earnings_cents, largest)}%` }} />
                  </span>
                  {formatCents(h.earnings_cents)}
                </td>
                <td className="num">{formatNumber(h.starts)}</td>
                <td className="num">{formatNumber(h.wins)}</td>
                <td>{h.first_date === h.last_date ? h.first_date : `${h.first_date} – ${h.last_date}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        hideWhenOnePage
        label={caption}
        offset={page.offset}
        limit={page.limit}
        total={page.total}
        onMove={setOffset}
      />
    </>
  );
}
