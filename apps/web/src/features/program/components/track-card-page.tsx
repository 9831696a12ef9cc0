import type { CardTrack, CurrentRaceSummary } from '@furlong/contracts';
import { useCallback, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTrackCard } from '../../../api/track-card';
import { LinkRow } from '../../../components/ui/link-row';
import { cancelReasonText } from '../../../components/ui/next-to-post';
import { BackButton, Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { TimeOfDay } from '../../../components/ui/time-of-day';
import { formatCents, formatNumber, formatRaceNumbers, trackClockInstant } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { EnterHorseDialog } from '../../stable/components/enter-horse-dialog';
import { formatDistance, LiveClock, PostCountdown, parseId, statusLabel } from './race-clock';

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
  const session = useSession();
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
      <TrackHeader track={track} date={date} races={races} />
      {card.isError ? <ErrorMessage error={card.error} text="Could not refresh the card." /> : null}
      <div className="button-row program-toolbar">
        {session ? (
          <button ref={enterButton} type="button" className="button" onClick={() => setDialogOpen(true)}>
            Enter Horse
          </button>
        ) : (
          <Link className="button secondary" to="/login" state={{ from: `/track-card?${params}` }}>
            Log in to enter a horse
          </Link>
        )}
      </div>
      {!complete ? (
        <ErrorMessage text={TRACK_CARD_MESSAGES.incomplete} />
      ) : (
        <>
          <h2>Races on {date}</h2>
          {races.length === 0 ? (
            <EmptyState>No races on today's card.</EmptyState>
          ) : (
            <>
              <CancelledNotice races={races} />
              <RaceTable races={races} track={track} />
            </>
          )}
        </>
      )}
      {dialogOpen ? <EnterHorseDialog trackId={track.id} trackName={track.track_name} onClose={closeDialog} /> : null}
    </Page>
  );
}

/** Race 1's post time: from the card, or from the track's start time on the card's day. */
function firstPost(track: CardTrack, date: string, races: readonly CurrentRaceSummary[]): string | null {
  const first = races.find((r) => r.race_number === 1);
  return first ? first.post_time : trackClockInstant(date, track.start_time, track.utc_offset_minutes);
}

function TrackHeader({ track, date, races }: { track: CardTrack; date: string; races: CurrentRaceSummary[] }) {
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
            <td>
              <TimeOfDay at={firstPost(track, date, races)} trackOffset={track.utc_offset_minutes} />
            </td>
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

/** A card with cancelled races says which and why, above the table, and what happened to the bets. */
function CancelledNotice({ races }: { races: CurrentRaceSummary[] }) {
  const cancelled = races.filter((r) => r.status === 'cancelled');
  if (cancelled.length === 0) return null;
  const reasons = [...new Set(cancelled.map((r) => r.cancel_reason))];
  const why = reasons.map(cancelReasonText).join('; ');
  return (
    <p className="notice" role="note">
      {formatRaceNumbers(cancelled.map((r) => r.race_number))} {cancelled.length === 1 ? 'was' : 'were'} cancelled:{' '}
      {why}. Bets on a cancelled race are refunded.
    </p>
  );
}

function RaceTable({ races, track }: { races: CurrentRaceSummary[]; track: CardTrack }) {
  const trackId = track.id;
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
                <td>
                  <TimeOfDay at={race.post_time} trackOffset={track.utc_offset_minutes} />
                </td>
                <td>{formatDistance(race.furlongs)}</td>
                <td>{race.surface_type}</td>
                <td>{race.track_condition}</td>
                <td>{formatCents(race.purse_cents)}</td>
                <td>{race.num_horses}</td>
                <td>
                  {statusLabel(race.status)}
                  {race.status === 'cancelled' ? (
                    <span className="cancel-reason"> ({cancelReasonText(race.cancel_reason)})</span>
                  ) : null}
                </td>
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
