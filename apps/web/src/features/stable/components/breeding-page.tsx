import type { StableHorse } from '@furlong/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { TimeOfDay } from '../../../components/ui/time-of-day';
import { ApiError } from '../../../lib/api-client';
import { formatCents } from '../../../lib/format';
import { type BreedingsResponse, type Stud, useBreed, useBreedings, useSetStudFee } from '../api/breedings';
import { useStableDashboard } from '../api/stable-dashboard';
import { STABLE_MESSAGES } from './stable-messages';

/** The contract's top stud fee: $100,000.00. */
const STUD_FEE_MAX_CENTS = 10_000_000;

/** Dollars typed ("1500", "1,500.50") as cents, or null when it is not an amount in range. */
function dollarsToCents(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const cents = Math.round(Number(clean) * 100);
  return cents <= STUD_FEE_MAX_CENTS ? cents : null;
}

function HorseList({ title, horses, empty }: { title: string; horses: StableHorse[]; empty: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {horses.length === 0 ? (
        <p className="hint">{empty}</p>
      ) : (
        <ul className="plain-list">
          {horses.map((h) => (
            <li key={h.id}>
              <strong>{h.horse_name}</strong> — {h.age} yrs, rating {h.rating.toFixed(1)}
              {h.in_foal_until ? (
                <>
                  , in foal until <TimeOfDay at={h.in_foal_until} date />
                </>
              ) : null}
              {h.stud_fee_cents !== null ? `, at stud for ${formatCents(h.stud_fee_cents)}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A stallion owner stands a stallion at stud for a fee, or takes it off. */
function StudFeeForm({ horse }: { horse: StableHorse }) {
  const id = useId();
  const stud = useSetStudFee();
  const [fee, setFee] = useState(horse.stud_fee_cents === null ? '' : (horse.stud_fee_cents / 100).toFixed(2));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = dollarsToCents(fee);
    if (cents === null) {
      setProblem('Enter a fee from $0.00 to $100,000.00.');
      return;
    }
    setProblem(null);
    stud.mutate({ horseId: horse.id, feeCents: cents });
  };
  return (
    <form className="stud-form" onSubmit={submit} noValidate aria-label={`Stud fee of ${horse.horse_name}`}>
      <label htmlFor={`${id}-fee`}>
        {horse.horse_name}
        {horse.stud_fee_cents !== null ? ` (at stud for ${formatCents(horse.stud_fee_cents)})` : ' (not at stud)'}
      </label>
      <div className="button-row">
        <span aria-hidden="true">$</span>
        <input
          id={`${id}-fee`}
          className="stud-fee-input"
          inputMode="decimal"
          placeholder="fee in dollars"
          value={fee}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => setFee(e.target.value)}
        />
        <button type="submit" className="button small" disabled={stud.isPending}>
          {horse.stud_fee_cents === null ? 'Stand at stud' : 'Set fee'}
        </button>
        {horse.stud_fee_cents !== null ? (
          <button
            type="button"
            className="button small secondary"
            disabled={stud.isPending}
            onClick={() => stud.mutate({ horseId: horse.id, feeCents: null })}
          >
            Take off stud
          </button>
        ) : null}
      </div>
      {problem ? <p className="field-error">{problem}</p> : null}
      {stud.isError ? (
        <ErrorMessage error={stud.error} text={`Could not change the stud fee of ${horse.horse_name}`} />
      ) : null}
      {stud.isSuccess ? (
        <p className="hint" role="status">
          {stud.data.stud_fee_cents === null
            ? `${stud.data.horse_name} is no longer at stud.`
            : `${stud.data.horse_name} stands at stud for ${formatCents(stud.data.stud_fee_cents)}.`}
        </p>
      ) : null}
    </form>
  );
}

function BreedForm({ mares, stallions, studs }: { mares: StableHorse[]; stallions: StableHorse[]; studs: Stud[] }) {
  const id = useId();
  const breed = useBreed();
  const [dam, setDam] = useState('');
  const [sire, setSire] = useState('');
  const [foalName, setFoalName] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const outside = studs.filter((s) => !s.owner_is_you);
  const stud = outside.find((s) => String(s.horse_id) === sire);
  const serverFields = breed.error instanceof ApiError ? breed.error.fields : [];
  const problemOf = (field: string) => problems[field] ?? serverFields.find((f) => f.field === field)?.reason;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!dam) next.dam_id = 'Choose a mare.';
    if (!sire) next.sire_id = 'Choose a stallion.';
    if (!foalName.trim()) next.foal_name = 'Name the foal.';
    setProblems(next);
    if (Object.keys(next).length > 0) return;
    breed.mutate({ dam_id: Number(dam), sire_id: Number(sire), foal_name: foalName.trim() });
  };

  const errorLine = (field: string, label: string) =>
    problemOf(field) ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {problems[field] ?? `${label} ${problemOf(field)}`}
      </p>
    ) : null;

  return (
    <form className="form stable-form" onSubmit={submit} noValidate aria-label="Breed a mare">
      <label htmlFor={`${id}-dam`}>Mare</label>
      <select
        id={`${id}-dam`}
        value={dam}
        aria-invalid={problemOf('dam_id') ? true : undefined}
        onChange={(e) => setDam(e.target.value)}
      >
        <option value="">Choose a mare…</option>
        {mares.map((m) => (
          <option key={m.id} value={m.id} disabled={m.in_foal_until !== null}>
            {m.horse_name} ({m.age} yrs{m.in_foal_until ? ', in foal' : ''})
          </option>
        ))}
      </select>
      {errorLine('dam_id', 'Mare')}
      <label htmlFor={`${id}-sire`}>Stallion</label>
      <select
        id={`${id}-sire`}
        value={sire}
        aria-invalid={problemOf('sire_id') ? true : undefined}
        onChange={(e) => setSire(e.target.value)}
      >
        <option value="">Choose a stallion…</option>
        {stallions.length > 0 ? (
          <optgroup label="Your stallions (no fee)">
            {stallions.map((s) => (
              <option key={s.id} value={s.id}>
                {s.horse_name} ({s.age} yrs, rating {s.rating.toFixed(1)})
              </option>
            ))}
          </optgroup>
        ) : null}
        {outside.length > 0 ? (
          <optgroup label="At stud">
            {outside.map((s) => (
              <option key={s.horse_id} value={s.horse_id}>
                {s.horse_name} ({s.breed_name}, {s.age} yrs, rating {s.rating.toFixed(1)}) — {formatCents(s.fee_cents)}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
      {errorLine('sire_id', 'Stallion')}
      <label htmlFor={`${id}-foal`}>Foal name</label>
      <input
        id={`${id}-foal`}
        value={foalName}
        maxLength={18}
        aria-invalid={problemOf('foal_name') ? true : undefined}
        onChange={(e) => setFoalName(e.target.value)}
      />
      {errorLine('foal_name', 'Foal name')}
      <p className="hint">
        {stud
          ? `Stud fee: ${formatCents(stud.fee_cents)}, paid from your wallet to the stallion’s owner.`
          : 'Breeding to your own stallion is free.'}
      </p>
      <p className="button-row">
        <button type="submit" className="button" disabled={breed.isPending}>
          Breed
        </button>
      </p>
      {breed.isError && serverFields.length === 0 ? <ErrorMessage error={breed.error} text="Could not breed" /> : null}
      {breed.isSuccess ? (
        <p className="flash" role="status">
          {`${breed.data.breeding.dam_name} is in foal to ${breed.data.breeding.sire_name}: ${breed.data.breeding.foal_name} is due `}
          <TimeOfDay at={breed.data.breeding.due_at} date />
          {`. Fee ${formatCents(breed.data.breeding.fee_cents)}; your balance is ${formatCents(breed.data.balance_cents)}.`}
        </p>
      ) : null}
    </form>
  );
}

function Contracts({ breedings }: { breedings: BreedingsResponse['breedings'] }) {
  if (breedings.length === 0) return <EmptyState>No breeding contracts yet.</EmptyState>;
  return (
    <div className="table-scroll">
      <table>
        <caption>Your breeding contracts</caption>
        <thead>
          <tr>
            <th scope="col">Foal</th>
            <th scope="col">Dam</th>
            <th scope="col">Sire</th>
            <th scope="col" className="num">
              Fee
            </th>
            <th scope="col">Due</th>
            <th scope="col">Born</th>
          </tr>
        </thead>
        <tbody>
          {breedings.map((b) => (
            <tr key={b.id}>
              <th scope="row">{b.foal_name}</th>
              <td>{b.dam_name}</td>
              <td>{b.sire_name}</td>
              <td className="num">{formatCents(b.fee_cents)}</td>
              <td>
                <TimeOfDay at={b.due_at} date />
              </td>
              <td>{b.foal_id !== null ? <Link to="/user-dashboard">Born — in your stable</Link> : 'Not yet'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /breeding — my mares and stallions, the stallions at stud with their fees, a breed form (mare,
 * stallion, foal name), my contracts with the due time and the foal once born, and a stud fee
 * for each of my stallions.
 */
export function BreedingPage() {
  const stable = useStableDashboard();
  const breedings = useBreedings();
  if (stable.isPending || breedings.isPending) {
    return (
      <Page title="Breeding">
        <Loading text="Loading your horses and the studs…" />
      </Page>
    );
  }
  if (!stable.data || !breedings.data) {
    return (
      <Page title="Breeding">
        <ErrorMessage
          error={stable.error ?? breedings.error}
          text={stable.data ? 'Could not load the breeding contracts.' : STABLE_MESSAGES.stableFailed}
        />
      </Page>
    );
  }
  const { horses } = stable.data;
  const { studs, gestation_hours } = breedings.data;
  const mares = horses.filter((h) => h.gender === 'female');
  const stallions = horses.filter((h) => h.gender === 'male');
  return (
    <Page title="Breeding">
      <p className="hint">
        Breed one of your mares to your own stallion, or to one standing at stud for its fee. The foal is born{' '}
        {gestation_hours} hours later on the racing clock and joins your stable; a mare in foal cannot be bred again.
      </p>
      {horses.length === 0 ? (
        <EmptyState>
          {STABLE_MESSAGES.noHorses} <Link to="/create-horse">Create a horse</Link> first.
        </EmptyState>
      ) : (
        <div className="stable-columns">
          <HorseList title="Your mares" horses={mares} empty="No mares." />
          <HorseList title="Your stallions" horses={stallions} empty="No stallions." />
        </div>
      )}

      <section aria-labelledby="studs-title">
        <h2 id="studs-title">Stallions at stud</h2>
        {studs.length === 0 ? (
          <EmptyState>No stallion stands at stud right now.</EmptyState>
        ) : (
          <div className="table-scroll">
            <table>
              <caption className="visually-hidden">Stallions at stud</caption>
              <thead>
                <tr>
                  <th scope="col">Stallion</th>
                  <th scope="col">Breed</th>
                  <th scope="col" className="num">
                    Age
                  </th>
                  <th scope="col" className="num">
                    Rating
                  </th>
                  <th scope="col" className="num">
                    Fee
                  </th>
                </tr>
              </thead>
              <tbody>
                {studs.map((s) => (
                  <tr key={s.horse_id}>
                    <th scope="row">
                      {s.horse_name}
                      {s.owner_is_you ? ' (yours)' : ''}
                    </th>
                    <td>{s.breed_name}</td>
                    <td className="num">{s.age}</td>
                    <td className="num">{s.rating.toFixed(1)}</td>
                    <td className="num">{formatCents(s.fee_cents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="breed-title">
        <h2 id="breed-title">Breed a mare</h2>
        {mares.length === 0 ? (
          <EmptyState>You need a mare of your own to breed.</EmptyState>
        ) : (
          <BreedForm mares={mares} stallions={stallions} studs={studs} />
        )}
      </section>

      <section aria-labelledby="contracts-title">
        <h2 id="contracts-title">Your contracts</h2>
        <Contracts breedings={breedings.data.breedings} />
      </section>

      {stallions.length > 0 ? (
        <section aria-labelledby="stud-title">
          <h2 id="stud-title">Stand a stallion at stud</h2>
          <p className="hint">Other users can breed their mares to it; the fee is paid to you.</p>
          {stallions.map((s) => (
            <StudFeeForm key={s.id} horse={s} />
          ))}
        </section>
      ) : null}
    </Page>
  );
}
