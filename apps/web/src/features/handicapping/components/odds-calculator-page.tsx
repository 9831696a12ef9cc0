import {
  calculateOdds,
  formatOdds,
  ODDS_CALCULATOR_FORMULA,
  type OddsCalculatorCondition,
  type OddsCalculatorField,
  type OddsCalculatorInput,
} from '@furlong/domain';
import { useId, useState } from 'react';
import { BackButton, Page } from '../../../components/ui/page';

interface FieldSpec {
  field: OddsCalculatorField;
  label: string;
  /** The input's unit as typed (winnings are typed in dollars, computed in cents). */
  hint?: string;
  step?: string;
}

const NUMBER_FIELDS: readonly FieldSpec[] = [
  { field: 'distanceMeters', label: 'Distance', hint: 'meters, 100 to 10,000' },
  { field: 'runners', label: 'Runners', hint: '2 to 20' },
  { field: 'betsOnHorse', label: 'Bets on this horse', hint: 'number of bets' },
  { field: 'trainerYears', label: "Trainer's experience", hint: 'years' },
  { field: 'firstPlaceFinishes', label: 'First-place finishes' },
  { field: 'totalWinningsCents', label: 'Total winnings', hint: 'dollars', step: '0.01' },
];

type Texts = Record<Exclude<OddsCalculatorField, 'condition'>, string>;

const START: Texts = {
  distanceMeters: '1200',
  runners: '8',
  betsOnHorse: '0',
  trainerYears: '0',
  firstPlaceFinishes: '0',
  totalWinningsCents: '0',
};

/** Text from an input as a number (NaN for empty or not a number); winnings typed in dollars become cents. */
function read(field: OddsCalculatorField, text: string): number {
  if (text.trim() === '') return Number.NaN;
  const n = Number(text);
  return field === 'totalWinningsCents' ? Math.round(n * 100) : n;
}

/**
 * /race-odds-calculator (spec §2.3, §3, §9): odds from the race and the horse's record, worked out
 * as the user types (the domain's calculateOdds), with the formula written out beneath. Odds to 1
 * with two decimals, as the spec asks, and as the tote would show them.
 */
export function OddsCalculatorPage() {
  const id = useId();
  const [texts, setTexts] = useState<Texts>(START);
  const [condition, setCondition] = useState<OddsCalculatorCondition>('fast');
  const input = {
    ...(Object.fromEntries(Object.entries(texts).map(([f, t]) => [f, read(f as OddsCalculatorField, t)])) as Omit<
      OddsCalculatorInput,
      'condition'
    >),
    condition,
  };
  const result = calculateOdds(input);
  const problemOf = (field: OddsCalculatorField) =>
    result.ok ? undefined : result.problems.find((p) => p.field === field)?.reason;

  return (
    <Page title="Odds Calculator" actions={<BackButton />}>
      <p className="hint">Type the race and the horse's record; the odds follow as you type.</p>
      <form className="card odds-calculator" onSubmit={(e) => e.preventDefault()} noValidate>
        {NUMBER_FIELDS.map((f) => {
          const problem = problemOf(f.field);
          const inputId = `${id}-${f.field}`;
          return (
            <div className="field" key={f.field}>
              <label htmlFor={inputId}>
                {f.label} {f.hint ? <span className="hint">({f.hint})</span> : null}
              </label>
              <input
                id={inputId}
                type="number"
                inputMode="decimal"
                min={0}
                step={f.step ?? '1'}
                value={texts[f.field as keyof Texts]}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${inputId}-problem` : undefined}
                onChange={(e) => setTexts({ ...texts, [f.field]: e.target.value })}
              />
              {problem ? (
                <span id={`${inputId}-problem`} className="field-error">
                  {problem}
                </span>
              ) : null}
            </div>
          );
        })}
        <fieldset className="field">
          <legend>Track condition</legend>
          {(['fast', 'wet', 'muddy'] as const).map((c) => (
            <label key={c} className="inline-choice">
              <input
                type="radio"
                name={`${id}-condition`}
                value={c}
                checked={condition === c}
                onChange={() => setCondition(c)}
              />{' '}
              {c[0]?.toUpperCase()}
              {c.slice(1)}
            </label>
          ))}
        </fieldset>
      </form>
      <section aria-labelledby={`${id}-result`} className="card odds-result" aria-live="polite">
        <h2 id={`${id}-result`}>Odds</h2>
        {result.ok ? (
          <>
            <p className="card-figure">
              <output aria-label="Odds to 1">{result.value.odds.toFixed(2)}</output> to 1
            </p>
            <p>
              On the tote: {formatOdds(result.value.odds).fractional}; a chance of{' '}
              {(100 / (result.value.odds + 1)).toFixed(1)}%.
            </p>
            <dl className="facts">
              <dt>Runners − 1</dt>
              <dd>{result.value.fieldFactor}</dd>
              <dt>Distance factor</dt>
              <dd>× {result.value.distanceFactor.toFixed(3)}</dd>
              <dt>Condition factor</dt>
              <dd>× {result.value.conditionFactor}</dd>
              <dt>Form factor</dt>
              <dd>÷ {result.value.formFactor.toFixed(3)}</dd>
            </dl>
          </>
        ) : (
          <p className="status status-empty">Correct the fields marked above to see the odds.</p>
        )}
      </section>
      <section aria-labelledby={`${id}-how`}>
        <h2 id={`${id}-how`}>How the odds are worked out</h2>
        {ODDS_CALCULATOR_FORMULA.split('\n').map((line) => (
          <p key={line}>{line}</p>
        ))}
      </section>
    </Page>
  );
}
