import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EnterRaceForm } from './enter-race-form';
import { readId } from './stable-messages';

/** /enter-race?raceId=&horseId= — enter one of your horses in a race that still takes entries. */
export function EnterRacePage() {
  const [params] = useSearchParams();
  const raceId = readId(params.get('raceId'));
  const horseId = readId(params.get('horseId'));
  return (
    <Page
      title="Enter Race"
      actions={
        <Link className="button secondary" to="/user-dashboard">
          My Stable
        </Link>
      }
    >
      <p className="hint">
        A race takes entries until a minute before its betting opens, while it has a free slot. Your horse must be at
        least two years old, not entered elsewhere and not too tired.
      </p>
      <EnterRaceForm key={`${raceId}-${horseId}`} initialRaceId={raceId} initialHorseId={horseId} />
    </Page>
  );
}
