import type { AuctionLot } from '@furlong/contracts';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { useSession } from '../../../lib/session';
import { useBreeds } from '../api/breeds';
import { useAuctionLots } from '../api/lots';
import { useLotRooms } from '../hooks/use-lot-rooms';
import { AUCTION_TEXT } from './auction-text';
import { LotTable, liveIds } from './lot-table';
import './auction.css';

/**
 * /breeds (the Auctions menu): the lots taking bids, by breed, each breed linking to its filtered
 * list; then every breed of the catalogue (this path was its list page) with its lots on sale.
 */
export function AuctionBreedsPage() {
  const session = useSession();
  const lots = useAuctionLots({ status: 'live', sort: 'closes_at', order: 'asc', limit: 200 });
  const breeds = useBreeds();
  const items = lots.data?.items ?? [];
  useLotRooms(liveIds(items));
  const byBreed = new Map<string, AuctionLot[]>();
  for (const lot of [...items].sort((a, b) => a.breed.localeCompare(b.breed))) {
    byBreed.set(lot.breed, [...(byBreed.get(lot.breed) ?? []), lot]);
  }
  return (
    <Page title="Breeds at Auction">
      <p className="hint">The lots taking bids now, by breed.</p>
      {lots.isPending ? <Loading text="Loading lots…" /> : null}
      {lots.isError ? <ErrorMessage error={lots.error} text="Could not load the lots." /> : null}
      {lots.isSuccess && items.length === 0 ? <EmptyState>{AUCTION_TEXT.noLiveLots}</EmptyState> : null}
      {[...byBreed].map(([breed, list]) => (
        <section key={breed} aria-label={breed}>
          <h2>
            {breed} <span className="hint">({list.length})</span>
          </h2>
          <p className="hint">
            <Link to={`/auction-horses?breed=${encodeURIComponent(breed)}`}>Filter the list by {breed}</Link>
          </p>
          <LotTable lots={list} caption={`${breed} lots`} me={session?.id} />
        </section>
      ))}
      <section aria-label="Every breed">
        <h2>Every breed</h2>
        {breeds.isPending ? <Loading text="Loading breeds…" /> : null}
        {breeds.isError ? <ErrorMessage error={breeds.error} text="Could not load the breeds." /> : null}
        {breeds.data ? (
          <ul className="breed-index">
            {breeds.data.items.map((b) => (
              <li key={b.id}>
                <Link to={`/auction-horses?breed=${encodeURIComponent(b.breed_name)}`}>{b.breed_name}</Link>{' '}
                <span className="hint">{byBreed.get(b.breed_name)?.length ?? 0} on sale</span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </Page>
  );
}
