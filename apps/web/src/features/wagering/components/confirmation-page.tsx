import { Link, Navigate, useLocation } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { formatCents } from '../../../lib/format';
import { type BetData, stateField } from '../hooks/advanced-bet-state';
import { clockTime } from './bet-clock';

/** /confirmation: the bet just placed, from navigation state; with no bet data it goes to / (spec §2.1). */
export function ConfirmationPage() {
  const location = useLocation();
  const bet = stateField<BetData>(location.state, 'betData');
  if (!bet) return <Navigate to="/" replace />;
  return (
    <Page title="Bet Confirmation">
      <table className="key-values">
        <caption>Your bet</caption>
        <tbody>
          <tr>
            <th scope="row">Track</th>
            <td>
              {bet.trackName}
              {bet.location ? ` (${bet.location})` : ''}
            </td>
          </tr>
          <tr>
            <th scope="row">Race dates</th>
            <td>{[...new Set(bet.legs.map((l) => l.race_date))].join(', ')}</td>
          </tr>
          <tr>
            <th scope="row">Bet type</th>
            <td>{bet.betType}</td>
          </tr>
          <tr>
            <th scope="row">Amount</th>
            <td>{formatCents(bet.amountCents)}</td>
          </tr>
          <tr>
            <th scope="row">Total</th>
            <td>{formatCents(bet.totalCents)}</td>
          </tr>
          <tr>
            <th scope="row">Balance</th>
            <td>{formatCents(bet.balanceCents)}</td>
          </tr>
        </tbody>
      </table>
      <div className="table-scroll">
        <table>
          <caption>Races</caption>
          <thead>
            <tr>
              <th scope="col">Race</th>
              <th scope="col">Date</th>
              <th scope="col">Post time</th>
              <th scope="col">Horse</th>
              <th scope="col">Number</th>
            </tr>
          </thead>
          <tbody>
            {bet.legs.map((leg) => (
              <tr key={leg.race_id}>
                <td>{leg.race_name}</td>
                <td>{leg.race_date}</td>
                <td>{clockTime(leg.post_time)}</td>
                <td>{leg.horse_name}</td>
                <td>{leg.horse_number}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="button-row">
        <Link className="button" to="/user-bets">
          Betting History
        </Link>
        <Link className="button secondary" to="/program-card">
          Program Card
        </Link>
      </p>
    </Page>
  );
}
