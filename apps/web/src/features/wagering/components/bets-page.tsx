import type { BetTypeName, CurrentRaceDetail, PlaceBetsResponse } from '@furlong/contracts';
import {
  BET_TYPES,
  findBetType,
  type GridShape,
  isOrdered,
  minimumAmountCents,
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
import { useSession } from '../../../lib/session';
import { useSettings } from '../../../lib/settings';
import { usePlaceBets } from '../api/place-bets';
import type { AdvancedTracksState } from '../hooks/advanced-bet-state';
import {
  amountCents,
  type BetFormValues,
  checkAddBet,
  columnTakesMany,
  emptyColumns,
  quickPicksCents,
} from '../hooks/bet-form';
import { useBetSlip } from '../hooks/bet-slip-store';
import { BETTING_CLOSED, isBettingClosed, isRefusal, slipIndex } from '../hooks/place-errors';
import { useRaceIdInContext } from '../hooks/use-race-in-context';
import { BetClock } from './bet-clock';
import { columnName, PositionGrid } from './position-grid';
import { NO_RACE_DATA } from './race-details-page';

const DEFAULT_VALUES: BetFormValues = { betType: 'Win', amount: '2', columns: [[]], box: false };

/**
 * /race and /bets: the bets screen for the race in context (or ?raceId=). The form adds bets to a
 * slip; Place Bet sends the whole slip in one request with an Idempotency-Key.
 */
export function BetsPage() {
  const raceId = useRaceIdInContext();
  const race = useCurrentRace(raceId);
  // The amount starts at the user's default bet (settings; $2 unless changed).
  const defaultCents = useSettings().default_bet_amount_cents;
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
        <BetForm key={race.data.id} race={race.data} defaultCents={defaultCents} />
        <BetClock postTime={race.data.post_time} />
      </div>
      <BetSlip />
      <NextToPost />
    </Page>
  );
}

const SHAPE_NAMES: Record<GridShape, string> = { straight: 'Straight', box: 'Box', key: 'Key', wheel: 'Wheel' };

function BetForm({ race, defaultCents }: { race: CurrentRaceDetail; defaultCents: number }) {
  const navigate = useNavigate();
  const addToSlip = useBetSlip((s) => s.add);
  const updateContext = useRaceContext((s) => s.update);
  const initial: BetFormValues = { ...DEFAULT_VALUES, amount: String(defaultCents / 100) };
  const [values, setValues] = useState<BetFormValues>(initial);
  // The account's settings can arrive after the form: the amount follows the default bet until the
  // member changes it, and the horses already ticked stay.
  const [shownDefault, setShownDefault] = useState(defaultCents);
  if (shownDefault !== defaultCents) {
    setShownDefault(defaultCents);
    setValues((v) => (v.amount === String(shownDefault / 100) ? { ...v, amount: String(defaultCents / 100) } : v));
  }
  const [showDescription, setShowDescription] = useState(false);
  const [filter, setFilter] = useState('');

  const fieldSize = Math.max(0, ...race.entries.map((e) => e.post_position));
  const check = checkAddBet(values, race.id, fieldSize);
  const multiRace = offersAdvancedBet(values.betType);
  const closed = closedReason(race);
  const many = columnTakesMany(values.betType);
  // A scratched runner is not offered (the server refuses a bet naming it).
  const starters = race.entries.filter((e) => !e.scratch);
  const shown = starters.filter((e) => e.horse_name.toLowerCase().includes(filter.trim().toLowerCase()));
  const amount = amountCents(values.amount);

  useEffect(() => {
    updateContext({ selectedBetType: values.betType });
  }, [values.betType, updateContext]);

  // Spec §4: a bet type change resets the horses and their order (the grid's ticks).
  const changeType = (betType: BetTypeName) =>
    setValues((v) => ({ ...v, betType, columns: emptyColumns(betType, false), box: false }));
  const changeBox = (box: boolean) => setValues((v) => ({ ...v, box, columns: emptyColumns(v.betType, box) }));
  const toggle = (column: number, post: number, on: boolean) =>
    setValues((v) => ({
      ...v,
      columns: v.columns.map((col, i) => {
        if (i !== column) return col;
        if (!on) return col.filter((h) => h !== post);
        return many ? [...col, post] : [post];
      }),
    }));
  // ALL ticks every shown runner in the column, or clears it when they are all ticked already.
  const all = (column: number) =>
    setValues((v) => ({
      ...v,
      columns: v.columns.map((col, i) => {
        if (i !== column) return col;
        const posts = shown.map((e) => e.post_position);
        return posts.every((p) => col.includes(p))
          ? col.filter((h) => !posts.includes(h))
          : [...new Set([...col, ...posts])];
      }),
    }));

  const addBet = () => {
    if (!check.enabled || closed) return;
    const { request } = check;
    const horse = (p: number) => `#${p} ${race.entries.find((e) => e.post_position === p)?.horse_name ?? ''}`;
    // A column of the whole field reads ALL, as on a printed ticket.
    const slotLabel = (slot: number[]) =>
      slot.length > 2 && slot.length === starters.length ? 'ALL' : slot.map(horse).join(', ');
    const names =
      request.selections.length > 1
        ? request.selections.map((slot, i) => `${columnName(i, request.selections.length, false)}: ${slotLabel(slot)}`)
        : [slotLabel(request.selections[0] ?? [])];
    const shape = check.shape === 'straight' ? '' : ` (${check.shape})`;
    addToSlip({
      request,
      horsesLabel: `${names.join('; ')}${shape}`,
      raceName: race.race_name,
      combinations: check.combinations,
      totalCents: check.totalCents,
    });
    // Spec §4: Add Bet resets the amount to 2 (the user's default bet), the type to Win, the horses and their order.
    setValues(initial);
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
            step={minimumAmountCents(values.betType) / 100}
            value={values.amount}
            onChange={(e) => setValues((v) => ({ ...v, amount: e.target.value }))}
          />
        </label>
        {isOrdered(values.betType) ? (
          <label>
            <input type="checkbox" checked={values.box} onChange={(e) => changeBox(e.target.checked)} /> Box
          </label>
        ) : null}
      </div>
      <fieldset className="quick-picks">
        <legend className="visually-hidden">Quick amounts</legend>
        {quickPicksCents(values.betType).map((c) => (
          <button
            key={c}
            type="button"
            className="button secondary small"
            aria-pressed={amount === c}
            onClick={() => setValues((v) => ({ ...v, amount: String(c / 100) }))}
          >
            {formatCents(c)}
          </button>
        ))}
      </fieldset>
      {multiRace ? (
        <p className="hint">
          A {values.betType} covers {requiredHorses(values.betType)} races: choose them with Advanced Bet.{' '}
          <button type="button" className="button" onClick={advanced}>
            Advanced Bet
          </button>
        </p>
      ) : (
        <fieldset className="horse-picker">
          <legend>Horses</legend>
          <p className="hint grid-help">{gridHelp(values.betType, values.box)}</p>
          <label>
            Filter by name <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
          </label>
          <PositionGrid
            raceId={race.id}
            runners={shown}
            columns={values.columns}
            box={values.box}
            many={many}
            disabled={closed !== null}
            onToggle={toggle}
            onAll={all}
          />
        </fieldset>
      )}
      {closed ? (
        <p className="status status-error" role="alert">
          {closed}
        </p>
      ) : check.enabled ? (
        <p className="bet-cost" data-testid="bet-cost" aria-live="polite">
          {SHAPE_NAMES[check.shape]}: {check.combinations} {check.combinations === 1 ? 'combination' : 'combinations'} ×{' '}
          {formatCents(check.request.amount_cents)} = {formatCents(check.totalCents)}
        </p>
      ) : check.problem ? (
        <p className="status status-error">{check.problem}</p>
      ) : null}
      <p className="button-row">
        <button type="submit" className="button" disabled={!check.enabled || closed !== null}>
          Add Bet
        </button>
      </p>
    </form>
  );
}

/** Why the race cannot go on the slip, or null while it takes bets. */
function closedReason(race: CurrentRaceDetail): string | null {
  if (race.status === 'open') return null;
  if (race.status === 'scheduled') return 'Betting has not opened yet for this race: it cannot be added to the slip.';
  return `${BETTING_CLOSED}: it cannot be added to the slip.`;
}

function gridHelp(betType: string, box: boolean): string {
  if (box) return 'Tick the horses to box: every order of them is covered.';
  if (isOrdered(betType)) {
    return 'Tick one horse per position for a straight bet, one horse on top and several below for a key, several in any position for a wheel.';
  }
  if (columnTakesMany(betType)) return 'Tick two horses, or more to box them.';
  return 'Tick one horse.';
}

function BetSlip() {
  const { bets, remove, keyForAttempt, refused, placed } = useBetSlip();
  const place = usePlaceBets();
  const session = useSession();
  const [done, setDone] = useState<PlaceBetsResponse | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const total = bets.reduce((sum, b) => sum + b.totalCents, 0);
  const inReview = reviewing && bets.length > 0;

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
          setReviewing(false);
          setDone(res);
        },
        onError: (err) => {
          // A refusal means nothing was placed: the next attempt may carry a new key. A lost
          // answer (no status, 5xx, a 409 to retry) keeps the key, so retrying cannot place twice.
          if (isRefusal(err)) refused();
          // Back to the slip, where each refused bet shows the server's reason beside it.
          if (err instanceof ApiError && err.fields.some((f) => slipIndex(f.field) !== null)) setReviewing(false);
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
      ) : inReview ? null : (
        // In review the bets are listed once, in the review below (Edit Slip brings the table back).
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
                  <td>
                    {b.raceName}
                    <SlipRaceClosed raceIds={b.request.race_ids} />
                  </td>
                  <td className="slip-horses">
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
      {inReview ? null : (
        <p className="bet-total">
          Total <strong data-testid="slip-total">{formatCents(total)}</strong>
        </p>
      )}
      {error ? <PlaceError error={error} general={general} /> : null}
      {inReview ? (
        <section className="bet-review" aria-labelledby="review-title">
          <h3 id="review-title">Review your bets</h3>
          <ul className="review-list">
            {bets.map((b) => (
              <li key={b.id}>
                <strong>
                  {formatCents(b.request.amount_cents)} {b.request.bet_type}
                </strong>{' '}
                {b.horsesLabel} — {b.raceName}
                <span className="num">
                  {b.combinations > 1 ? `: ${b.combinations} combinations, ` : ': '}
                  {formatCents(b.totalCents)}
                </span>
              </li>
            ))}
          </ul>
          <dl className="review-sums">
            <dt>Total</dt>
            <dd data-testid="review-total">{formatCents(total)}</dd>
            {session ? (
              <>
                <dt>Balance</dt>
                <dd>{formatCents(session.balance_cents)}</dd>
                <dt>Balance after</dt>
                <dd data-testid="balance-after">{formatCents(session.balance_cents - total)}</dd>
              </>
            ) : null}
          </dl>
          {session && session.balance_cents < total ? (
            <p className="status status-error">Your balance does not cover these bets.</p>
          ) : null}
          <p className="button-row">
            <button type="button" className="button big" disabled={place.isPending} onClick={submit}>
              {place.isPending ? 'Placing...' : 'Place Bet'}
            </button>
            <button type="button" className="button secondary" onClick={() => setReviewing(false)}>
              Edit Slip
            </button>
          </p>
        </section>
      ) : (
        <p className="button-row">
          <button
            type="button"
            className="button big"
            disabled={bets.length === 0}
            onClick={() => {
              setDone(null);
              setReviewing(true);
            }}
          >
            Review Bets
          </button>
        </p>
      )}
    </section>
  );
}

/**
 * A bet on the slip whose race no longer takes bets (its first leg: the one that closes first) is
 * marked, so the bettor removes it before the server refuses the slip.
 */
function SlipRaceClosed({ raceIds }: { raceIds: number[] }) {
  const race = useCurrentRace(raceIds[0] ?? null);
  if (!race.data || race.data.status === 'open') return null;
  return <span className="bet-problem">{BETTING_CLOSED}: remove it to place the others.</span>;
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
