import type { StableHorse } from '@furlong/contracts';
import {
  TRAINING_COST_CENTS,
  TRAINING_FATIGUE,
  TRAINING_FATIGUE_MAX,
  TRAINING_FITNESS,
  TRAINING_GAIN_CAPS,
  TRAINING_GAIN_RATE,
  TRAINING_REGIMENS,
} from '@furlong/domain';
import { type FormEvent, useState } from 'react';
import { formatCents } from '../../../lib/format';
import { type TrainingRegimen, useHorseCare } from '../api/horse-care';
import { CareOutcome, HorseCarePage } from './horse-care-page';

const REGIMENS: Record<
  TrainingRegimen,
  {
    label: string;
    raises: string;
    gain: 'speed_gain' | 'stamina_gain' | 'early_speed_gain';
    unit: (n: number) => string;
  }
> = {
  speed: { label: 'Speed work', raises: 'speed', gain: 'speed_gain', unit: (n) => `${n.toFixed(2)} figure points` },
  stamina: { label: 'Long gallops', raises: 'stamina', gain: 'stamina_gain', unit: (n) => n.toFixed(3) },
  gate: { label: 'Gate work', raises: 'early speed', gain: 'early_speed_gain', unit: (n) => n.toFixed(3) },
};

function TrainingForm({ horse }: { horse: StableHorse }) {
  const care = useHorseCare();
  const [regimen, setRegimen] = useState<TrainingRegimen>('speed');
  const tooTired = horse.condition.fatigue > TRAINING_FATIGUE_MAX;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    care.mutate({ kind: 'training', horseId: horse.id, regimen });
  };
  return (
    <form className="form stable-form" onSubmit={submit} aria-label={`Train ${horse.horse_name}`}>
      <fieldset className="care-options">
        <legend>Regimen</legend>
        {TRAINING_REGIMENS.map((r) => {
          const info = REGIMENS[r];
          const cap = TRAINING_GAIN_CAPS[info.gain];
          const now = horse.condition[info.gain];
          const next = TRAINING_GAIN_RATE * (cap - now);
          return (
            <label key={r} className="care-option">
              <input
                className="care-input"
                type="radio"
                name="regimen"
                value={r}
                checked={regimen === r}
                onChange={() => setRegimen(r)}
              />
              <span>
                <strong>{info.label}</strong> — raises {info.raises}; {formatCents(TRAINING_COST_CENTS[r])}
                <span className="hint care-detail">
                  Gained so far {info.unit(now)} of at most {info.unit(cap)}; the next session adds about{' '}
                  {info.unit(next)}.
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      <p className="hint">
        Diminishing returns: each session adds {Math.round(TRAINING_GAIN_RATE * 100)}% of what is left to the cap, so
        every session gains less than the one before. Each session also adds {TRAINING_FATIGUE} fatigue (and{' '}
        {TRAINING_FITNESS} fitness); a tired horse runs slower, and a horse with fatigue above {TRAINING_FATIGUE_MAX}{' '}
        cannot train until it has rested.
      </p>
      {tooTired ? (
        <p className="notice">
          {horse.horse_name} is too tired to train (fatigue {Math.round(horse.condition.fatigue)}). Rest it first.
        </p>
      ) : null}
      <p className="button-row">
        <button type="submit" className="button" disabled={care.isPending || tooTired}>
          Train ({formatCents(TRAINING_COST_CENTS[regimen])})
        </button>
      </p>
      <CareOutcome result={care.data} error={care.error} failed={`Could not train ${horse.horse_name}`} />
    </form>
  );
}

/** /horse-training?horseId= — a paid training session: speed, stamina or gate work. */
export function HorseTrainingPage() {
  return (
    <HorseCarePage
      title="Horse Training"
      path="/horse-training"
      intro={<p>Train a horse to raise one ability. Training tires a horse: watch its fatigue before a race.</p>}
    >
      {(horse) => <TrainingForm horse={horse} />}
    </HorseCarePage>
  );
}
