import type { BetTypeName, CurrentRaceDetail, PlaceBetsResponse } from '@furlong/contracts';
import {
  BET_TYPES,
  canSelectMoreHorses,
  findBetType,
  isBoxable,
  isOrdered,
  offersAdvancedBet,
  requiredHorses,
} from '@furlong/domain';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useCurrentRace } from '../../../api/current-race';
import { NextToPost } from '../../../components/ui/next-to-post';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { ApiError } from '../../../lib/api-client';
import { formatCents } from '../../../lib/format';
import { useRaceContext } from '../../../lib/race-context';
import { usePlaceBets } from '../api/place-bets';
import type { AdvancedTracksState } from '../hooks/advanced-bet-state';
import { type BetFormValues, checkAddBet } from '../hooks/bet-form';
import { useBetSlip } from '../hooks/bet-slip-store';
import { BETTING_CLOSED, isBettingClosed, isRefusal, slipIndex } from '../hooks/place-errors';
import { useRaceIdInContext } from '../hooks/use-race-in-context';
import { BetClock } from './bet-clock';
import { NO_RACE_DATA } from './race-details-page';

const DEFAULT_VALUES: BetFormValues = { betType: 'Win', amount: '2', horses: [], orders: {}, box: false };

/**
 * /race and /bets: the bets screen for the race in context (or ?raceId=). The form adds bets to a
 * slip; Place Bet sends the whole slip in one request with an Idempotency-Key.
 */
export function BetsPage() {
  const raceId = useRaceIdInContext();
  const race = useCurrentRace(raceId);
  if (raceId === null) {
    return (
      <Page title="Bets">
        <EmptyState>{NO_RACE_DATA}</EmptyState>
        <p>
          Pick a race on the <Link to="/program-card">program card</Link>, then Place Bet.
        </p>
        <NextToPost limit={8} />
        <BetSlip />
      </Page>
    );
  }
  if (race.isPending) return <Loading text="Loading race data..." />;
  if (!race.data) return <ErrorMessage error={race.error} text={NO_RACE_DATA} />;
  return (
    <Page title={`Bets — ${race.data.race_name}`}>
      <div className="race-card-top">
        <BetForm key={race.data.id} race={race.data} />
        <BetClock postTime={race.data.post_time} />
      </div>
      {race.data.status === 'scheduled' ? (
        <p className="status status-error">Betting has not opened yet for this race.</p>
      ) : race.data.status !== 'open' ? (
        <p className="status status-error">{BETTING_CLOSED}.</p>
      ) : null}
      <BetSlip />
      <NextToPost />
    </Page>
  );
}

function BetForm({ race }: { race: CurrentRaceDetail }) {
  const navigate = useNavigate();
  const addToSlip = useBetSlip((s) => s.add);
  const updateContext = useRaceContext((s) => s.update);
  const [values, setValues] = useState<BetFormValues>(DEFAULT_VALUES);
  const [showDescription, setShowDescription] = useState(false);
  const [filter, setFilter] = useState('');

  const required = requiredHorses(values.betType);
  const ordered = isOrdered(values.betType) && !(values.box && isBoxable(values.betType));
  const fieldSize = Math.max(0, ...race.entries.map((e) => e.post_position));
  const check = checkAddBet(values, race.id, fieldSize);
  const multiRace = offersAdvancedBet(values.betType);
  const shown = race.entries.filter((e) => e.horse_name.toLowerCase().includes(filter.trim().toLowerCase()));

  useEffect(() => {
    updateContext({ selectedBetType: values.betType });
  }, [values.betType, updateContext]);

  // Spec §4: a bet type change sets the required count and resets the horses and their order.
  const changeType = (betType: BetTypeName) =>
    setValues((v) => ({ ...v, betType, horses: [], orders: {}, box: false }));
  const toggleHorse = (post: number, on: boolean) =>
    setValues((v) => {
      if (!on) {
        const { [post]: _dropped, ...orders } = v.orders;
        return { ...v, horses: v.horses.filter((h) => h !== post), orders };
      }
      return canSelectMoreHorses(v.betType, v.horses.length) ? { ...v, horses: [...v.horses, post] } : v;
    });

  const addBet = () => {
    if (!check.enabled) return;
    const names = check.request.selections.map((slot, i) => {
      const horses = slot.map((p) => `#${p} ${race.entries.find((e) => e.post_position === p)?.horse_name ?? ''}`);
      return ordered ? `${i + 1}: ${horses.join(', ')}` : horses.join(', ');
    });
    addToSlip({
      request: check.request,
      horsesLabel: `${names.join('; ')}${check.request.box ? ' (box)' : ''}`,
      raceName: race.race_name,
      combinations: check.combinations,
      totalCents: check.totalCents,
    });
    // Spec §4: Add Bet resets the amount to 2, the type to Win, the horses and their order.
    setValues(DEFAULT_VALUES);
    setFilter('');
  };

  const advanced = () => {
    const state: AdvancedTracksState = {
      trackName: race.track_name,
      trackId: race.track_id,
      currentRaceId: race.id,
      selectedBet: values.betType,
    };
    void navigate('/advanced-bet-tracks', { state });
  };

  return (
    <form
      className="bet-form"
      aria-label="New bet"
      onSubmit={(e) => {
        e.preventDefault();
        addBet();
      }}
    >
      <div className="form-row">
        <label>
          Bet type{' '}
          <select value={values.betType} onChange={(e) => changeType(e.target.value as BetTypeName)}>
            {BET_TYPES.map((t) => (
              <option key={t.name} value={t.name}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button secondary small" onClick={() => setShowDescription((s) => !s)}>
          {showDescription ? 'Hide Description' : 'Show Description'}
        </button>
      </div>
      {showDescription ? <p className="hint bet-description">{findBetType(values.betType)?.description}</p> : null}
      <div className="form-row">
        <label>
          Bet amount ($){' '}
          <input
            type="number"
            min={0}
            step={1}
            value={values.amount}
            onChange={(e) => setValues((v) => ({ ...v, amount: e.target.value }))}
          />
        </label>
        {isBoxable(values.betType) ? (
          <label>
            <input
              type="checkbox"
              checked={values.box}
              onChange={(e) => setValues((v) => ({ ...v, box: e.target.checked }))}
            />{' '}
            Box
          </label>
        ) : null}
      </div>
      {multiRace ? (
        <p className="hint">
          A {values.betType} covers {required} races: choose them with Advanced Bet.{' '}
          <button type="button" className="button" onClick={advanced}>
            Advanced Bet
          </button>
        </p>
      ) : (
        <fieldset className="horse-picker">
          <legend>
            Horses ({values.horses.length} of {required})
          </legend>
          <label>
            Filter by name <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
          </label>
          <ul className="horse-options">
            {shown.map((e) => {
              const checked = values.horses.includes(e.post_position);
              return (
                <li key={e.post_position}>
                  <label>
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={!checked && !canSelectMoreHorses(values.betType, values.horses.length)}
                      onChange={(ev) => toggleHorse(e.post_position, ev.target.checked)}
                    />{' '}
                    #{e.post_position} {e.horse_name}
                  </label>
                  {checked && ordered ? (
                    <label className="order-input">
                      Order for {e.horse_name}{' '}
                      <input
                        type="number"
                        min={1}
                        max={required}
                        step={1}
                        value={values.orders[e.post_position] ?? ''}
                        onChange={(ev) =>
                          setValues((v) => ({ ...v, orders: { ...v.orders, [e.post_position]: ev.target.value } }))
                        }
                      />
                    </label>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {check.enabled ? (
        <p className="bet-cost" data-testid="bet-cost">
          {check.combinations} {check.combinations === 1 ? 'combination' : 'combinations'} ×{' '}
          {formatCents(check.request.amount_cents)} = {formatCents(check.totalCents)}
        </p>
      ) : check.problem ? (
        <p className="status status-error">{check.problem}</p>
      ) : null}
      <p className="button-row">
        <button type="submit" className="button" disabled={!check.enabled}>
          Add Bet
        </button>
      </p>
    </form>
  );
}

function BetSlip() {
  const { bets, remove, keyForAttempt, refused, placed } = useBetSlip();
  const place = usePlaceBets();
  const [done, setDone] = useState<PlaceBetsResponse | null>(null);
  const total = bets.reduce((sum, b) => sum + b.totalCents, 0);

  const error = place.error;
  const perBet = new Map<number, string[]>();
  const general: string[] = [];
  if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
    for (const f of error.fields) {
      const i = slipIndex(f.field);
      if (i === null) general.push(f.reason);
      else perBet.set(i, [...(perBet.get(i) ?? []), f.reason]);
    }
  }

  const submit = () => {
    setDone(null);
    place.mutate(
      { request: { bets: bets.map((b) => b.request) }, idempotencyKey: keyForAttempt() },
      {
        onSuccess: (res) => {
          placed();
          setDone(res);
        },
        onError: (err) => {
          // A refusal means nothing was placed: the next attempt may carry a new key. A lost
          // answer (no status, 5xx, a 409 to retry) keeps the key, so retrying cannot place twice.
          if (isRefusal(err)) refused();
        },
      },
    );
  };

  return (
    <section className="bet-slip" aria-labelledby="slip-title">
      <h2 id="slip-title">Pending bets</h2>
      {done ? (
        <p className="status status-ok" role="status">
          {done.bets.length} {done.bets.length === 1 ? 'bet' : 'bets'} placed for {formatCents(done.total_cents)}. Your
          balance is {formatCents(done.balance_cents)}. <Link to="/user-bets">Betting history</Link>
        </p>
      ) : null}
      {bets.length === 0 ? (
        <EmptyState>No pending bets.</EmptyState>
      ) : (
        <div className="table-scroll">
          <table>
            <caption>Bet slip</caption>
            <thead>
              <tr>
                <th scope="col">Bet type</th>
                <th scope="col">Race</th>
                <th scope="col">Horses</th>
                <th scope="col">Amount</th>
                <th scope="col">Combinations</th>
                <th scope="col">Subtotal</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {bets.map((b, i) => (
                <tr key={b.id} className={perBet.has(i) ? 'refused' : undefined}>
                  <td>{b.request.bet_type}</td>
                  <td>{b.raceName}</td>
                  <td>
                    {b.horsesLabel}
                    {perBet.get(i)?.map((reason) => (
                      <span key={reason} className="bet-problem" role="alert">
                        {reason}
                      </span>
                    ))}
                  </td>
                  <td className="num">{formatCents(b.request.amount_cents)}</td>
                  <td className="num">{b.combinations}</td>
                  <td className="num">{formatCents(b.totalCents)}</td>
                  <td>
                    <button type="button" className="button secondary small" onClick={() => remove(b.id)}>
                      Remove Bet
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="bet-total">
        Total <strong data-testid="slip-total">{formatCents(total)}</strong>
      </p>
      {error ? <PlaceError error={error} general={general} /> : null}
      <p className="button-row">
        <button type="button" className="button big" disabled={bets.length === 0 || place.isPending} onClick={submit}>
          {place.isPending ? 'Placing...' : 'Place Bet'}
        </button>
      </p>
    </section>
  );
}

function PlaceError({ error, general }: { error: Error; general: string[] }) {
  if (isBettingClosed(error)) {
    return (
      <p className="status status-error" role="alert">
        {BETTING_CLOSED}. Remove its bets from the slip to place the others.
      </p>
    );
  }
  if (error instanceof ApiError && error.status === 409) {
    return (
      <p className="status status-error" role="alert">
        {error.message}
      </p>
    );
  }
  if (error instanceof ApiError && error.status === 400) {
    return (
      <div className="status status-error" role="alert">
        <p>Some bets were refused; nothing was placed. Fix or remove them and try again.</p>
        {general.length > 0 ? (
          <ul>
            {general.map((g) => (
              <li key={g}>{g}</li>
            ))}
          </ul>
        ) : error.fields.length === 0 ? (
          <p>{error.message}</p>
        ) : null}
      </div>
    );
  }
  return <ErrorMessage error={error} text="Your bets could not be placed. Try again." />;
}
