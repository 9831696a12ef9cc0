import type { StableEntry } from '@furlong/contracts';
import { Link } from 'react-router-dom';

/** Where an entry's race is watched: the live race screen while it runs, its race card otherwise. */
export function entryRaceHref(entry: Pick<StableEntry, 'current_race_id' | 'race_status'>): string {
  return entry.race_status === 'running'
    ? `/race/${entry.current_race_id}`
    : `/race-card?raceId=${entry.current_race_id}`;
}

export function EntryRaceLink({ entry }: { entry: StableEntry }) {
  return (
    <Link to={entryRaceHref(entry)}>
      {entry.track_name} race {entry.race_number}
      {entry.race_status === 'running' ? ' (watch live)' : ''}
    </Link>
  );
}
