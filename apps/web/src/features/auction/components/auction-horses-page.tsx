import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { LotsBrowser } from './lots-browser';
import './auction.css';

/** /auction-horses: every lot the viewer may see, filtered by breed, age, price and status. */
export function AuctionHorsesPage() {
  return (
    <Page
      title="Auction Horses"
      actions={
        <Link className="button secondary" to="/auction">
          Sales
        </Link>
      }
    >
      <LotsBrowser caption="Lots" />
    </Page>
  );
}
