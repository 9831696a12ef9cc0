import type { LeaderRow, StatsLeaderSort } from '@furlong/contracts';
import { Link } from 'react-router-dom';
import { formatCents, formatNumber } from '../../../lib/format';
import { barShare } from './bar-chart';
import { pct } from './stats-format';

const SORT_VALUE: Record<StatsLeaderSort, (row: LeaderRow) => number> = {
  wins: (row) => row.wins,
  win_pct: (row) => row.win_pct,
  earnings: (row) => row.earnings_cents,
  starts: (row) => row.starts,
};

interface Column {
  sort?: StatsLeaderSort;
  label: string;
  cell(row: LeaderRow): string;
}

const COLUMNS: readonly Column[] = [
  { sort: 'starts', label: 'Starts', cell: (r) => formatNumber(r.starts) },
  { sort: 'wins', label: 'Wins', cell: (r) => formatNumber(r.wins) },
  { label: '2nds', cell: (r) => formatNumber(r.places) },
  { label: '3rds', cell: (r) => formatNumber(r.shows) },
  { sort: 'win_pct', label: 'Win %', cell: (r) => pct(r.win_pct) },
  { sort: 'earnings', label: 'Earnings', cell: (r) => formatCents(r.earnings_cents) },
];

/**
 * A ranked table of leaders. The column they are ranked by carries a small bar scaled to the
 * leader's figure, so the gaps between places show at a glance (the number is always beside it).
 */
export function LeadersTable({
  rows,
  sort,
  caption,
  nameLabel,
  hrefFor,
}: {
  rows: readonly LeaderRow[];
  sort: StatsLeaderSort;
  caption: string;
  nameLabel: string;
  hrefFor(row: LeaderRow): string;
}) {
  const value = SORT_VALUE[sort];
  const largest = Math.max(0, ...rows.map(value));
  return (
    <div className="table-scroll">
      <table className="leaders-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{nameLabel}</th>
            {COLUMNS.map((c) => (
              <th
                key={c.label}
                scope="col"
                className={c.sort === sort ? 'num sorted' : 'num'}
                aria-sort={c.sort === sort ? 'descending' : undefined}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.id}>
              <td className="num">{i + 1}</td>
              <td>
                <Link to={hrefFor(row)}>{row.name}</Link>
              </td>
              {COLUMNS.map((c) =>
                c.sort === sort ? (
                  <td key={c.label} className="num sorted">
                    <span className="cell-bar" aria-hidden="true">
                      <span style={{ width: `${barShare(value(row), largest)}%` }} />
                    </span>
                    {c.cell(row)}
                  </td>
                ) : (
                  <td key={c.label} className="num">
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
