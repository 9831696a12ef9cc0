import type { StableHorse } from '@furlong/contracts';
import { MEDICAL_COST_CENTS, MEDICAL_EFFECTS, MEDICAL_TREATMENTS } from '@furlong/domain';
import { type FormEvent, useState } from 'react';
import { formatCents } from '../../../lib/format';
import { type MedicalTreatment, useHorseCare } from '../api/horse-care';
import { CareOutcome, HorseCarePage } from './horse-care-page';

const LABELS: Record<MedicalTreatment, string> = { rest: 'Rest', vet_check: 'Vet check', therapy: 'Therapy' };

const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

function effectText(t: MedicalTreatment): string {
  const e = MEDICAL_EFFECTS[t];
  const parts = [
    e.fatigue !== 0 ? `fatigue ${signed(e.fatigue)}` : '',
    e.fitness !== 0 ? `fitness ${signed(e.fitness)}` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

function MedicalForm({ horse }: { horse: StableHorse }) {
  const care = useHorseCare();
  const [treatment, setTreatment] = useState<MedicalTreatment>('rest');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    care.mutate({ kind: 'medical', horseId: horse.id, treatment });
  };
  const cost = MEDICAL_COST_CENTS[treatment];
  return (
    <form className="form stable-form" onSubmit={submit} aria-label={`Treat ${horse.horse_name}`}>
      <fieldset className="care-options">
        <legend>Treatment</legend>
        {MEDICAL_TREATMENTS.map((t) => (
          <label key={t} className="care-option">
            <input
              className="care-input"
              type="radio"
              name="treatment"
              value={t}
              checked={treatment === t}
              onChange={() => setTreatment(t)}
            />
            <span>
              <strong>{LABELS[t]}</strong> — {effectText(t)};{' '}
              {MEDICAL_COST_CENTS[t] === 0 ? 'free' : formatCents(MEDICAL_COST_CENTS[t])}
            </span>
          </label>
        ))}
      </fieldset>
      <p className="hint">Treatments work at once. Fatigue also falls by itself: it halves every racing day of rest.</p>
      <p className="button-row">
        <button type="submit" className="button" disabled={care.isPending}>
          {LABELS[treatment]} ({cost === 0 ? 'free' : formatCents(cost)})
        </button>
      </p>
      <CareOutcome result={care.data} error={care.error} failed={`Could not treat ${horse.horse_name}`} />
    </form>
  );
}

/** /medical?horseId= — rest, a vet check or therapy: fatigue down, fitness up. */
export function MedicalPage() {
  return (
    <HorseCarePage title="Medical" path="/medical" intro={<p>Bring a tired horse back to racing condition.</p>}>
      {(horse) => <MedicalForm horse={horse} />}
    </HorseCarePage>
  );
}
