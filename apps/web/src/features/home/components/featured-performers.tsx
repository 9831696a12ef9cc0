import type { LeaderRow, StatsLeaderKind, StatsLeaderSort } from '@furlong/contracts';
import { Link } from 'react-router-dom';
import { useLeaders } from '../../../api/leaders';
import { Loading } from '../../../components/ui/status';
import { formatCents, formatNumber } from '../../../lib/format';

interface Slot {
  kind: StatsLeaderKind;
  sort: StatsLeaderSort;
  kicker: string;
  page: string;
  figure(row: LeaderRow): string;
}

const record = (row: LeaderRow) =>
  `${formatNumber(row.wins)} ${row.wins === 1 ? 'win' : 'wins'} from ${formatNumber(row.starts)} starts`;

/**
 * The featured performers of the home page (spec §1, §2.3): the leading horse and owner by
 * earnings, and the leading jockey and trainer by wins, from the race results.
 */
const SLOTS: readonly Slot[] = [
  {
    kind: 'horses',
    sort: 'earnings',
    kicker: 'Horse',
    page: 'page-horse',
    figure: (r) => `${formatCents(r.earnings_cents)} earned`,
  },
  { kind: 'jockeys', sort: 'wins', kicker: 'Jockey', page: 'page-jockey', figure: record },
  { kind: 'trainers', sort: 'wins', kicker: 'Trainer', page: 'page-trainer', figure: record },
  {
    kind: 'owners',
    sort: 'earnings',
    kicker: 'Owner',
    page: 'page-owner',
    figure: (r) => `${formatCents(r.earnings_cents)} earned`,
  },
];

export function FeaturedPerformers() {
  return (
    <section className="featured" aria-labelledby="featured-title">
      <h2 id="featured-title">Featured performers</h2>
      <ul className="cards">
        {SLOTS.map((slot) => (
          <Performer key={slot.kind} slot={slot} />
        ))}
      </ul>
    </section>
  );
}

function Performer({ slot }: { slot: Slot }) {
  const leaders = useLeaders({ kind: slot.kind, sort: slot.sort, limit: 1 });
  const top = leaders.data?.items[0];
  return (
    <li className="card">
      <span className="card-kicker">{slot.kicker}</span>
      {leaders.isPending ? (
        <Loading />
      ) : leaders.isError ? (
        <span className="card-figure">Not available right now.</span>
      ) : top ? (
        <>
          <Link to={`/${slot.page}/${top.id}`}>{top.name}</Link>
          <span className="card-figure">{slot.figure(top)}</span>
        </>
      ) : (
        <span className="card-figure">No results yet.</span>
      )}
    </li>
  );
}
