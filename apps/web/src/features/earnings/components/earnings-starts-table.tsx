import type { EarningsKind } from '@furlong/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Pager } from '../../../components/ui/pager';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { formatCents } from '../../../lib/format';
import { useEarningsStarts } from '../api/earnings-starts';
import { EARNINGS_PAGE } from './earnings-kinds';

/** One selection's starts race by race, newest first, with the running total after each. */
export function EarningsStartsTable({ kind, id, name }: { kind: EarningsKind; id: number; name: string }) {
  const [offset, setOffset] = useState(0);
  const starts = useEarningsStarts(kind, id, EARNINGS_PAGE, offset);
  const caption = `Race by race: ${name}, newest first`;
  if (starts.isPending) return <Loading text="Loading the starts…" />;
  if (starts.isError) return <ErrorMessage error={starts.error} />;
  const page = starts.data;
  const showHorse = kind !== 'horses';
  return (
    <>
      <div className="table-scroll">
        <table className="stats-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Race</th>
              <th scope="col">Track</th>
              {showHorse ? <th scope="col">Horse</th> : null}
              <th scope="col" className="num">
                Finish
              </th>
              <th scope="col" className="num">
                Earned
              </th>
              <th scope="col" className="num">
                Running total
              </th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((s) => (
              <tr key={`${s.race_id}-${s.horse_id}`}>
                <td>{s.race_date}</td>
                <td className="wrap">
                  <Link to={`/page-race/${s.race_id}`}>{s.race_name}</Link>
                </td>
                <td className="wrap">{s.track_name}</td>
                {showHorse ? (
                  <td className="wrap">
                    <Link to={`/page-horse/${s.horse_id}`}>{s.horse_name}</Link>
                  </td>
                ) : null}
                <td className="num">
                  {s.finish_position} / {s.num_horses}
                </td>
                <td className="num">{formatCents(s.earnings_cents)}</td>
                <td className="num">{formatCents(s.cumulative_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        hideWhenOnePage
        label={`Starts of ${name}`}
        offset={page.offset}
        limit={page.limit}
        total={page.total}
        onMove={setOffset}
      />
    </>
  );
}
