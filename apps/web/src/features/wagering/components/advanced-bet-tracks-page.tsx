import type { BetTypeName } from '@furlong/contracts';
import { advancedRaceCountProblem, legsFor, offersAdvancedBet } from '@furlong/domain';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTrackCard } from '../../../api/track-card';
import { BackButton, Page } from '../../../components/ui/page';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { useRaceContext } from '../../../lib/race-context';
import { type AdvancedRacesState, type AdvancedTracksState, stateField } from '../hooks/advanced-bet-state';
import { parseId } from '../hooks/use-race-in-context';
import { clockTime } from './bet-clock';
import { BETTABLE, MULTI_RACE_TYPES } from './multi-race-types';

/** Spec §8, track screen. */
export const TRACK_MESSAGES = {
  noTrack: 'No track name provided.',
  noData: 'No track data found.',
  failed: 'An error occurred while fetching track data.',
} as const;

/**
 * /advanced-bet-tracks: the track's races today with checkboxes; 'Proceed to Advanced Bets' moves on
 * only with exactly as many races as the bet type has legs (the domain's rule and message).
 */
export function AdvancedBetTracksPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const context = useRaceContext();
  const state = (location.state ?? null) as Partial<AdvancedTracksState> | null;

  const trackId = stateField<number>(state, 'trackId') ?? parseId(params.get('trackId')) ?? context.trackId;
  const initialBet = stateField<BetTypeName>(state, 'selectedBet') ?? context.selectedBetType;
  const [betType, setBetType] = useState<BetTypeName>(
    initialBet && offersAdvancedBet(initialBet) ? (initialBet as BetTypeName) : 'Daily Double',
  );
  const [checked, setChecked] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const card = useTrackCard(trackId);

  if (trackId === null) {
    return (
      <Page title="Advanced Bet" actions={<BackButton />}>
        <p className="status status-error">{TRACK_MESSAGES.noTrack}</p>
      </Page>
    );
  }
  if (card.isPending) return <Loading text="Loading races..." />;
  if (!card.data) {
    return (
      <Page title="Advanced Bet" actions={<BackButton />}>
        <ErrorMessage text={TRACK_MESSAGES.failed} error={card.error} />
      </Page>
    );
  }
  const { track, races } = card.data;

  const proceed = () => {
    const message = advancedRaceCountProblem(betType, checked.length);
    setProblem(message);
    if (message) return;
    const next: AdvancedRacesState = {
      selectedRaces: races.filter((r) => checked.includes(r.id)),
      trackName: track.track_name,
      trackId: track.id,
      selectedBet: betType,
    };
    void navigate('/advanced-bet-races', { state: next });
  };

  return (
    <Page title={`Advanced Bet — ${track.track_name}`} actions={<BackButton />}>
      <table className="key-values">
        <caption>Track</caption>
        <tbody>
          <tr>
            <th scope="row">Track</th>
            <td>{track.track_name}</td>
          </tr>
          <tr>
            <th scope="row">Location</th>
            <td>{track.location}</td>
          </tr>
          <tr>
            <th scope="row">Date</th>
            <td>{card.data.date}</td>
          </tr>
          <tr>
            <th scope="row">Surface</th>
            <td>
              {track.surface_type}, {track.track_condition}
            </td>
          </tr>
        </tbody>
      </table>
      <div className="form-row">
        <label>
          Bet type{' '}
          <select
            value={betType}
            onChange={(e) => {
              setBetType(e.target.value as BetTypeName);
              setProblem(null);
            }}
          >
            {MULTI_RACE_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <span className="hint">
          Tick {legsFor(betType)} races ({checked.length} ticked).
        </span>
      </div>
      {races.length === 0 ? (
        <p className="status status-error">{TRACK_MESSAGES.noData}</p>
      ) : (
        <div className="table-scroll">
          <table>
            <caption>Today's races</caption>
            <thead>
              <tr>
                <th scope="col">Pick</th>
                <th scope="col">Race</th>
                <th scope="col">Name</th>
                <th scope="col">Post time</th>
                <th scope="col">Horses</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {races.map((r) => (
                <tr key={r.id}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select ${r.race_name}`}
                      checked={checked.includes(r.id)}
                      disabled={!BETTABLE.has(r.status)}
                      onChange={(e) => {
                        setChecked((c) => (e.target.checked ? [...c, r.id] : c.filter((id) => id !== r.id)));
                        // The count message was about the ticks before this one.
                        setProblem(null);
                      }}
                    />
                  </td>
                  <td>{r.race_number}</td>
                  <td>{r.race_name}</td>
                  <td>{clockTime(r.post_time)}</td>
                  <td>{r.num_horses}</td>
                  <td>{r.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {problem ? (
        <p className="status status-error" role="alert">
          {problem}
        </p>
      ) : null}
      <p className="button-row">
        <button type="button" className="button" onClick={proceed}>
          Proceed to Advanced Bets
        </button>
      </p>
    </Page>
  );
}
