import { Link, useParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { Page } from '../../../components/ui/page';
import { ErrorMessage } from '../../../components/ui/status';
import { useRaceRoom } from '../hooks/use-race-room';
import { parseRaceId } from './race-ids';
import { LeaderboardOverlay } from './race-overlays';

/** /leaderboard/:id — the leaderboard overlay alone: race number and the first 12 names in order. */
export function RaceLeaderboardPage() {
  const { id } = useParams();
  const raceId = parseRaceId(id);
  if (raceId === null) {
    return (
      <Page title="Race Leaderboard">
        <ErrorMessage text={`Error: '${id ?? ''}' is not a race id.`} />
      </Page>
    );
  }
  return <Leaderboard key={raceId} raceId={raceId} />;
}

function Leaderboard({ raceId }: { raceId: number }) {
  const store = useRaceRoom(raceId);
  const error = useStore(store, (s) => (s.connection === 'error' ? s.error : null));
  return (
    <Page
      title="Race Leaderboard"
      actions={
        <Link className="button secondary" to={`/race/${raceId}`}>
          Watch the race
        </Link>
      }
    >
      {error ? <ErrorMessage text={error} /> : null}
      <div className="leaderboard-page">
        <LeaderboardOverlay store={store} raceId={raceId} />
      </div>
    </Page>
  );
}
