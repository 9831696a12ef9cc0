import { Link } from 'react-router-dom';
import { useCurrentRace } from '../../../api/current-race';
import { BackButton, Page } from '../../../components/ui/page';
import { RunnersTable } from '../../../components/ui/runners-table';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { formatCents } from '../../../lib/format';
import { useRaceIdInContext } from '../hooks/use-race-in-context';
import { BetClock, clockTime } from './bet-clock';

export const NO_RACE_DATA = 'No race data available.';

/** /race-details: the race in context (or ?raceId=) with its entries and a link to bet on it. */
export function RaceDetailsPage() {
  const raceId = useRaceIdInContext();
  const race = useCurrentRace(raceId);
  if (raceId === null) {
    return (
      <Page title="Race Details">
        <EmptyState>{NO_RACE_DATA}</EmptyState>
        <p>
          Pick a race on the <Link to="/program-card">program card</Link> first.
        </p>
      </Page>
    );
  }
  if (race.isPending) return <Loading text="Loading race data..." />;
  if (!race.data) return <ErrorMessage error={race.error} text={NO_RACE_DATA} />;
  const r = race.data;
  return (
    <Page
      title={r.race_name}
      actions={
        <>
          <Link className="button" to={`/bets?raceId=${r.id}`}>
            Place Bet
          </Link>
          <Link className="button secondary" to={`/bet-odds?raceId=${r.id}`}>
            Bet Odds
          </Link>
          <BackButton />
        </>
      }
    >
      <div className="race-card-top">
        <table className="key-values race-details">
          <caption>Race details</caption>
          <tbody>
            <tr>
              <th scope="row">Track</th>
              <td>{r.track_name}</td>
            </tr>
            <tr>
              <th scope="row">Date</th>
              <td>{r.race_date}</td>
            </tr>
            <tr>
              <th scope="row">Post time</th>
              <td>{clockTime(r.post_time)}</td>
            </tr>
            <tr>
              <th scope="row">Distance</th>
              <td>{r.furlongs} f</td>
            </tr>
            <tr>
              <th scope="row">Surface</th>
              <td>{r.surface_type}</td>
            </tr>
            <tr>
              <th scope="row">Condition</th>
              <td>{r.track_condition}</td>
            </tr>
            <tr>
              <th scope="row">Purse</th>
              <td>{formatCents(r.purse_cents)}</td>
            </tr>
            <tr>
              <th scope="row">Status</th>
              <td>{r.status}</td>
            </tr>
          </tbody>
        </table>
        <BetClock postTime={r.post_time} />
      </div>
      <RunnersTable runners={r.entries} caption={`Entries (${r.entries.length})`} />
    </Page>
  );
}
