import type { EnterableRace } from '@furlong/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { TimeOfDay } from '../../../components/ui/time-of-day';
import { formatCents, formatNumber } from '../../../lib/format';
import { type EnterRaceResult, useEnterRace } from '../api/enter-race';
import { useEnterableRaces } from '../api/enterable-races';
import { useStableDashboard } from '../api/stable-dashboard';
import { capitalise, STABLE_MESSAGES } from './stable-messages';

const furlongs = (f: number) => `${Number.isInteger(f) ? f : f.toFixed(1)} f`;

function raceOption(race: EnterableRace, withTrack: boolean): string {
  const post = new Date(race.post_time).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  return `${withTrack ? `${race.track_name} · ` : ''}Race ${race.race_number} · ${post} · ${furlongs(race.furlongs)} ${race.surface_type} · ${formatCents(race.purse_cents)} · ${race.free_slots} free`;
}

function RaceDetails({ race, withTrack }: { race: EnterableRace; withTrack: boolean }) {
  return (
    <dl className="horse-facts race-facts" aria-label="Chosen race">
      {withTrack ? (
        <div>
          <dt>Track</dt>
          <dd>{race.track_name}</dd>
        </div>
      ) : null}
      <div>
        <dt>Race</dt>
        <dd>
          {race.race_number}
          {race.race_title ? ` — ${race.race_title}` : ''}
        </dd>
      </div>
      <div>
        <dt>Post time</dt>
        <dd>
          <TimeOfDay at={race.post_time} />
        </dd>
      </div>
      <div>
        <dt>Distance</dt>
        <dd>{furlongs(race.furlongs)}</dd>
      </div>
      <div>
        <dt>Surface</dt>
        <dd>
          {capitalise(race.surface_type)}, {race.track_condition.toLowerCase()}
        </dd>
      </div>
      <div>
        <dt>Purse</dt>
        <dd>{formatCents(race.purse_cents)}</dd>
      </div>
      <div>
        <dt>Free slots</dt>
        <dd>
          {formatNumber(race.free_slots)} ({formatNumber(race.runners)} entered)
        </dd>
      </div>
      <div>
        <dt>Entries close</dt>
        <dd>
          <TimeOfDay at={race.entries_close_at} />
        </dd>
      </div>
    </dl>
  );
}

/**
 * Enter one of the user's horses in a race that takes entries (both required): the /enter-race
 * page and the track card's Enter Horse dialog (`trackId` limits the races to one track).
 */
export function EnterRaceForm({
  trackId,
  initialRaceId = null,
  initialHorseId = null,
  onEntered,
}: {
  trackId?: number;
  initialRaceId?: number | null;
  initialHorseId?: number | null;
  onEntered?(result: EnterRaceResult): void;
}) {
  const ids = useId();
  const races = useEnterableRaces(trackId);
  const stable = useStableDashboard();
  const enter = useEnterRace();
  const [raceId, setRaceId] = useState(initialRaceId === null ? '' : String(initialRaceId));
  const [horseId, setHorseId] = useState(initialHorseId === null ? '' : String(initialHorseId));
  const [missing, setMissing] = useState<{ race?: string; horse?: string }>({});
  const withTrack = trackId === undefined;

  if (races.isPending || stable.isPending) return <Loading text={STABLE_MESSAGES.loadingRaces} />;
  if (!races.data) return <ErrorMessage error={races.error} text={STABLE_MESSAGES.racesFailed} />;
  if (!stable.data) return <ErrorMessage error={stable.error} text={STABLE_MESSAGES.stableFailed} />;

  const horses = stable.data.horses;
  if (horses.length === 0) {
    return (
      <EmptyState>
        {STABLE_MESSAGES.noHorses} You can <Link to="/create-horse">create a horse</Link> first.
      </EmptyState>
    );
  }
  const items = races.data.items;
  const chosenRace = items.find((r) => String(r.id) === raceId);
  const chosenHorse = horses.find((h) => String(h.id) === horseId);
  const preselectedGone = initialRaceId !== null && raceId === String(initialRaceId) && !chosenRace;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = {
      race: chosenRace ? undefined : 'Choose a race.',
      horse: chosenHorse ? undefined : 'Choose a horse.',
    };
    setMissing(problems);
    if (!chosenRace || !chosenHorse) return;
    enter.mutate({ horse_id: chosenHorse.id, current_race_id: chosenRace.id }, { onSuccess: onEntered });
  };

  const done = enter.isSuccess ? enter.data : null;
  return (
    <form className="form stable-form" onSubmit={submit} noValidate aria-label="Enter a horse in a race">
      {items.length === 0 ? <EmptyState>{STABLE_MESSAGES.noRaces}</EmptyState> : null}
      {preselectedGone ? (
        <p className="notice">That race no longer takes entries (it is full, closed or gone). Choose another.</p>
      ) : null}
      <label htmlFor={`${ids}-race`}>Race</label>
      <select
        id={`${ids}-race`}
        value={raceId}
        required
        aria-invalid={missing.race ? true : undefined}
        aria-describedby={missing.race ? `${ids}-race-error` : undefined}
        onChange={(e) => {
          setRaceId(e.target.value);
          setMissing((m) => ({ ...m, race: undefined }));
          enter.reset();
        }}
      >
        <option value="">Choose a race…</option>
        {items.map((r) => (
          <option key={r.id} value={r.id} disabled={r.free_slots <= 0}>
            {raceOption(r, withTrack)}
          </option>
        ))}
      </select>
      {missing.race ? (
        <p id={`${ids}-race-error`} className="field-error">
          {missing.race}
        </p>
      ) : null}
      {chosenRace ? <RaceDetails race={chosenRace} withTrack={withTrack} /> : null}

      <label htmlFor={`${ids}-horse`}>Horse</label>
      <select
        id={`${ids}-horse`}
        value={horseId}
        required
        aria-invalid={missing.horse ? true : undefined}
        aria-describedby={missing.horse ? `${ids}-horse-error` : undefined}
        onChange={(e) => {
          setHorseId(e.target.value);
          setMissing((m) => ({ ...m, horse: undefined }));
          enter.reset();
        }}
      >
        <option value="">Choose a horse…</option>
        {horses.map((h) => (
          <option key={h.id} value={h.id}>
            {h.horse_name} (rating {h.rating.toFixed(1)}
            {h.condition.fit_to_race ? '' : `; not fit: ${h.condition.unfit_reason ?? 'resting'}`})
          </option>
        ))}
      </select>
      {missing.horse ? (
        <p id={`${ids}-horse-error`} className="field-error">
          {missing.horse}
        </p>
      ) : null}
      {chosenHorse && !chosenHorse.condition.fit_to_race ? (
        <p className="hint">
          {chosenHorse.horse_name} is not fit to race now
          {chosenHorse.condition.unfit_reason ? `: ${chosenHorse.condition.unfit_reason}` : ''}. The server will refuse
          the entry; rest or treat the horse first (<Link to={`/medical?horseId=${chosenHorse.id}`}>medical</Link>).
        </p>
      ) : null}

      <p className="hint">
        Entry fee: <strong>{formatCents(races.data.entry_fee_cents)}</strong>, paid from your wallet; refunded if the
        race is cancelled or the horse is scratched.
      </p>
      <p className="button-row">
        <button type="submit" className="button" disabled={enter.isPending}>
          {enter.isPending ? 'Entering…' : 'Enter Race'}
        </button>
      </p>
      {enter.isError ? <ErrorMessage error={enter.error} text={STABLE_MESSAGES.enterFailed} /> : null}
      {done ? (
        <p className="flash" role="status">
          {done.entry.horse_name} is entered in {done.entry.track_name} race {done.entry.race_number} from post{' '}
          {done.entry.post_position}. Fee {formatCents(done.entry.fee_cents)} paid; your balance is{' '}
          {formatCents(done.balance_cents)}. <Link to="/user-dashboard">See your stable</Link>.
        </p>
      ) : null}
    </form>
  );
}
