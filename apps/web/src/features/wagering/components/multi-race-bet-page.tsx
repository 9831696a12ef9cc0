import type { BetTypeName, CurrentRaceDetail } from '@furlong/contracts';
import { advancedTotal, legsFor } from '@furlong/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCurrentRaces } from '../../../api/current-race';
import { useTrackCard } from '../../../api/track-card';
import { BackButton, Page } from '../../../components/ui/page';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { formatCents } from '../../../lib/format';
import { useRaceContext } from '../../../lib/race-context';
import { amountCents } from '../hooks/bet-form';
import { useFinalizeBet } from '../hooks/use-finalize-bet';
import { parseId } from '../hooks/use-race-in-context';
import { TRACK_MESSAGES } from './advanced-bet-tracks-page';
import { clockTime } from './bet-clock';
import { FinalizeError } from './finalize-error';
import { BETTABLE, MULTI_RACE_TYPES } from './multi-race-types';

/**
 * /multi-race-bet?trackId=: the whole multi-race ticket on one page: the type, the track's races
 * today, a horse per picked race, an amount per race, Submit Bet.
 */
export function MultiRaceBetPage() {
  const [params] = useSearchParams();
  const contextTrack = useRaceContext((s) => s.trackId);
  const trackId = parseId(params.get('trackId')) ?? contextTrack;
  const card = useTrackCard(trackId);
  const [betType, setBetType] = useState<BetTypeName>('Daily Double');
  const [raceIds, setRaceIds] = useState<number[]>([]);
  const [picks, setPicks] = useState<Record<number, number>>({});
  const [amount, setAmount] = useState('2');
  const legs = useCurrentRaces(raceIds);
  const { finalize, problem, isPending, error } = useFinalizeBet();

  if (trackId === null) {
    return (
      <Page title="Multi-Race Bet" actions={<BackButton />}>
        <p className="status status-error">{TRACK_MESSAGES.noTrack}</p>
      </Page>
    );
  }
  if (card.isPending) return <Loading text="Loading races..." />;
  if (!card.data) return <ErrorMessage error={card.error} text={TRACK_MESSAGES.failed} />;
  const races = card.data.races;
  const perRace = amountCents(amount);

  const submit = () => {
    const details = legs.map((q) => q.data).filter((d): d is CurrentRaceDetail => d !== undefined);
    if (details.length !== raceIds.length) return;
    finalize(
      betType,
      details,
      details.map((r) => picks[r.id] ?? null),
      amount,
    );
  };

  return (
    <Page title={`Multi-Race Bet — ${card.data.track.track_name}`} actions={<BackButton />}>
      <div className="form-row">
        <label>
          Bet type{' '}
          <select value={betType} onChange={(e) => setBetType(e.target.value as BetTypeName)}>
            {MULTI_RACE_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label>
          Bet amount per race ($){' '}
          <input type="number" min={0} step={1} value={amount} onChange={(e) => setAmount(e.target.value)} />
        </label>
        <span className="bet-total">
          Total{' '}
          <strong>{formatCents(advancedTotal(perRace !== null && perRace > 0 ? perRace : 0, raceIds.length))}</strong>
        </span>
      </div>
      <p className="hint">
        Pick {legsFor(betType)} races ({raceIds.length} picked) and a horse in each.
      </p>
      <div className="table-scroll">
        <table>
          <caption>Today's races</caption>
          <thead>
            <tr>
              <th scope="col">Pick</th>
              <th scope="col">Race</th>
              <th scope="col">Post time</th>
              <th scope="col">Status</th>
              <th scope="col">Horse</th>
            </tr>
          </thead>
          <tbody>
            {races.map((r) => {
              const on = raceIds.includes(r.id);
              const detail = on ? legs[raceIds.indexOf(r.id)]?.data : undefined;
              return (
                <tr key={r.id}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select ${r.race_name}`}
                      checked={on}
                      disabled={!BETTABLE.has(r.status)}
                      onChange={(e) =>
                        setRaceIds((ids) =>
                          e.target.checked
                            ? races.filter((x) => x.id === r.id || ids.includes(x.id)).map((x) => x.id)
                            : ids.filter((id) => id !== r.id),
                        )
                      }
                    />
                  </td>
                  <td>{r.race_name}</td>
                  <td>{clockTime(r.post_time)}</td>
                  <td>{r.status}</td>
                  <td>
                    {on ? (
                      detail ? (
                        <select
                          aria-label={`Horse in ${r.race_name}`}
                          value={picks[r.id] ?? ''}
                          onChange={(e) => setPicks((p) => ({ ...p, [r.id]: Number(e.target.value) }))}
                        >
                          <option value="">Choose a horse</option>
                          {detail.entries
                            .filter((e) => !e.scratch)
                            .map((e) => (
                              <option key={e.post_position} value={e.post_position}>
                                #{e.post_position} {e.horse_name}
                              </option>
                            ))}
                        </select>
                      ) : (
                        'Loading...'
                      )
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {problem ? (
        <p className="status status-error" role="alert">
          {problem}
        </p>
      ) : null}
      {error ? <FinalizeError error={error} /> : null}
      <p className="button-row">
        <button type="button" className="button big" disabled={isPending} onClick={submit}>
          {isPending ? 'Submitting...' : 'Submit Bet'}
        </button>
      </p>
    </Page>
  );
}
