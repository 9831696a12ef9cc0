import type { CardTrack, CurrentRaceSummary } from '@furlong/contracts';
import { useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTrackCard } from '../../../api/track-card';
import { LinkRow } from '../../../components/ui/link-row';
import { BackButton, Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { formatCents, formatNumber } from '../../../lib/format';
import { EnterHorseDialog } from './enter-horse-dialog';
import { formatClock, formatDistance, LiveClock, PostCountdown, parseId, statusLabel, trackTime } from './race-clock';

/** Spec §8, track card. */
export const TRACK_CARD_MESSAGES = {
  noTrack: 'No track name provided.',
  failed: 'Unable to retrieve track information.',
  loading: 'Loading races...',
  incomplete: 'Track data is incomplete',
} as const;

/**
 * /track-card?id={trackId}&daily_races={n}: the track's header and today's races (the server's
 * day card, made on demand); a race row opens its race card. The number of races is the
 * server's, whatever daily_races the link carried.
 */
export function TrackCardPage() {
  const [params] = useSearchParams();
  const trackId = parseId(params.get('id'));
  const card = useTrackCard(trackId);
  const [dialogOpen, setDialogOpen] = useState(false);
  const enterButton = useRef<HTMLButtonElement>(null);
  const closeDialog = useCallback(() => {
    setDialogOpen(false);
    enterButton.current?.focus();
  }, []);

  const actions = (
    <div className="button-row">
      <LiveClock />
      <BackButton />
    </div>
  );

  if (trackId === null) {
    return (
      <Page title="Track Card" actions={actions}>
        <ErrorMessage text={TRACK_CARD_MESSAGES.noTrack} />
      </Page>
    );
  }
  if (card.isPending) {
    return (
      <Page title="Track Card" actions={actions}>
        <Loading text={TRACK_CARD_MESSAGES.loading} />
      </Page>
    );
  }
  if (!card.data) {
    return (
      <Page title="Track Card" actions={actions}>
        <ErrorMessage error={card.error} text={TRACK_CARD_MESSAGES.failed} />
      </Page>
    );
  }

  const { track, races, date } = card.data;
  const complete = Boolean(track.start_time) && Boolean(track.daily_races);
  return (
    <Page title={track.track_name || 'Track Card'} actions={actions}>
      <TrackHeader track={track} />
      {card.isError ? <ErrorMessage error={card.error} text="Could not refresh the card." /> : null}
      <div className="button-row program-toolbar">
        <button ref={enterButton} type="button" className="button" onClick={() => setDialogOpen(true)}>
          Enter Horse
        </button>
      </div>
      {!complete ? (
        <ErrorMessage text={TRACK_CARD_MESSAGES.incomplete} />
      ) : (
        <>
          <h2>Races on {date}</h2>
          {races.length === 0 ? (
            <EmptyState>No races on today's card.</EmptyState>
          ) : (
            <RaceTable races={races} trackId={track.id} />
          )}
        </>
      )}
      {dialogOpen ? <EnterHorseDialog trackName={track.track_name} onClose={closeDialog} /> : null}
    </Page>
  );
}

function TrackHeader({ track }: { track: CardTrack }) {
  return (
    <div className="table-scroll">
      <table>
        <caption>Track</caption>
        <thead>
          <tr>
            <th scope="col">Track</th>
            <th scope="col">Location</th>
            <th scope="col">Start time</th>
            <th scope="col">Daily races</th>
            <th scope="col">Interval</th>
            <th scope="col">Surface</th>
            <th scope="col">Condition</th>
            <th scope="col">Weather</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{track.track_name}</td>
            <td>{track.location}</td>
            <td>{formatClock(track.start_time)}</td>
            <td>{formatNumber(track.daily_races)}</td>
            <td>{track.race_intervals ? `${track.race_intervals} min` : '—'}</td>
            <td>{track.surface_type || '—'}</td>
            <td>{track.track_condition || '—'}</td>
            <td>{track.weather || '—'}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function RaceTable({ races, trackId }: { races: CurrentRaceSummary[]; trackId: number }) {
  return (
    <div className="table-scroll">
      <table>
        <caption>Today's races — pick one for its race card</caption>
        <thead>
          <tr>
            <th scope="col">Race</th>
            <th scope="col">Name</th>
            <th scope="col">Post time</th>
            <th scope="col">Distance</th>
            <th scope="col">Surface</th>
            <th scope="col">Condition</th>
            <th scope="col">Purse</th>
            <th scope="col">Runners</th>
            <th scope="col">Status</th>
            <th scope="col">To post</th>
          </tr>
        </thead>
        <tbody>
          {races.map((race) => {
            const href = `/race-card?raceId=${race.id}&trackId=${trackId}`;
            return (
              <LinkRow key={race.id} href={href}>
                <td>{race.race_number}</td>
                <td>{race.race_name}</td>
                <td>{trackTime(race.post_time)}</td>
                <td>{formatDistance(race.furlongs)}</td>
                <td>{race.surface_type}</td>
                <td>{race.track_condition}</td>
                <td>{formatCents(race.purse_cents)}</td>
                <td>{race.num_horses}</td>
                <td>{statusLabel(race.status)}</td>
                <td className="countdown-cell">
                  <PostCountdown postTime={race.post_time} />
                </td>
              </LinkRow>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
