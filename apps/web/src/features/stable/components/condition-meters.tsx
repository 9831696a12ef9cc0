import type { StableHorse } from '@furlong/contracts';
import { useId } from 'react';

function Bar({
  label,
  value,
  low,
  high,
  optimum,
}: {
  label: string;
  value: number;
  low: number;
  high: number;
  optimum: number;
}) {
  const id = useId();
  const shown = Math.round(Math.min(100, Math.max(0, value)));
  return (
    <div className="condition-bar">
      <span id={id} className="condition-label">
        {label}
      </span>
      <meter aria-labelledby={id} min={0} max={100} low={low} high={high} optimum={optimum} value={shown}>
        {shown}
      </meter>
      <span className="condition-value">{shown}/100</span>
    </div>
  );
}

/** A horse's fatigue and fitness as bars (fatigue is best low, fitness best high), and whether it may race. */
export function ConditionMeters({ horse }: { horse: StableHorse }) {
  const c = horse.condition;
  return (
    <div className="condition">
      <Bar label="Fatigue" value={c.fatigue} low={30} high={70} optimum={0} />
      <Bar label="Fitness" value={c.fitness} low={40} high={75} optimum={100} />
      <p className={c.fit_to_race ? 'hint' : 'hint condition-unfit'}>
        {c.fit_to_race ? 'Fit to race.' : `Not fit to race${c.unfit_reason ? `: ${c.unfit_reason}` : ''}.`}
      </p>
    </div>
  );
}
