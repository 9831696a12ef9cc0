import {
  type SaleCompany,
  type StoredTransportQuote,
  type TransportQuoteRequestBody,
  transportQuoteBodySchema,
} from '@furlong/contracts';
import {
  isCalendarDate,
  isTransportService,
  type TransportQuote,
  transportQuote,
  transportQuoteProblems,
  travelDateProblem,
  travelDateWindow,
} from '@furlong/domain';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { ErrorMessage } from '../../../components/ui/status';
import { ApiError } from '../../../lib/api-client';
import { formatCents } from '../../../lib/format';
import { useRequestTransportQuote } from '../api/transport-quotes';
import { QuoteLines } from './quote-lines';

type Field = 'from_place' | 'to_place' | 'distance_km' | 'horses' | 'service' | 'travel_date' | 'horse_name' | 'notes';

const LABELS: Record<Field, string> = {
  from_place: 'From',
  to_place: 'To',
  distance_km: 'Distance (km)',
  horses: 'Horses',
  service: 'Service',
  travel_date: 'Travel date',
  horse_name: 'Horse name',
  notes: 'Notes',
};

const REQUIRED: readonly Field[] = ['from_place', 'to_place', 'distance_km', 'horses', 'service', 'travel_date'];

type Values = Record<Field, string> & { attendant: boolean; insurance: boolean };

const EMPTY: Values = {
  from_place: '',
  to_place: '',
  distance_km: '',
  horses: '1',
  service: '',
  travel_date: '',
  horse_name: '',
  notes: '',
  attendant: false,
  insurance: false,
};

/** Today in the viewer's calendar (YYYY-MM-DD): the travel date's window starts here. */
function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A whole number typed in a field, or NaN (so the schema names it). */
const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

function bodyOf(v: Values): TransportQuoteRequestBody {
  return {
    from_place: v.from_place,
    to_place: v.to_place,
    distance_km: toNumber(v.distance_km) as number,
    horses: toNumber(v.horses) as number,
    service: v.service as TransportQuoteRequestBody['service'],
    travel_date: v.travel_date,
    attendant: v.attendant,
    insurance: v.insurance,
    horse_name: v.horse_name.trim() === '' ? null : v.horse_name,
    notes: v.notes.trim() === '' ? null : v.notes,
  };
}

/** Every problem of the form, by field: the contract's schema, then the domain's travel date rule. */
function problemsOf(v: Values, today: string): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {};
  for (const field of REQUIRED) {
    if (v[field].trim() === '') found[field] = `${LABELS[field]} is required`;
  }
  const parsed = transportQuoteBodySchema.safeParse(bodyOf(v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field | undefined;
      if (field && field in LABELS && !found[field]) found[field] = `${LABELS[field]} ${issue.message}`;
    }
  }
  if (!found.travel_date && isCalendarDate(v.travel_date)) {
    const problem = travelDateProblem(v.travel_date, travelDateWindow(today));
    if (problem) found.travel_date = `${LABELS.travel_date} ${problem}`;
  }
  return found;
}

/** The estimate as typed: the domain's own quote once the service, distance and horses make one. */
function estimateOf(v: Values): TransportQuote | null {
  const distance_km = Number(v.distance_km);
  const horses = Number(v.horses);
  if (v.distance_km.trim() === '' || v.horses.trim() === '' || !isTransportService(v.service)) return null;
  if (transportQuoteProblems({ service: v.service, distance_km, horses }).length > 0) return null;
  return transportQuote({ service: v.service, distance_km, horses, attendant: v.attendant, insurance: v.insurance });
}

/**
 * The quote request form: the estimate follows what is typed (the same domain function the server
 * prices with), each field says what is wrong with it once touched, and a sent request shows the
 * quote the server stored.
 */
export function TransportQuoteForm({ shipping }: { shipping: SaleCompany['shipping'] }) {
  const ids = useId();
  const today = localToday();
  const dates = travelDateWindow(today);
  const request = useRequestTransportQuote();
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverProblems, setServerProblems] = useState<Partial<Record<Field, string>>>({});
  const [stored, setStored] = useState<StoredTransportQuote | null>(null);

  const problems = problemsOf(values, today);
  const shownProblem = (field: Field) =>
    serverProblems[field] ?? (submitted || touched[field] ? problems[field] : undefined);
  const estimate = estimateOf(values);

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (field in LABELS) setServerProblems((p) => ({ ...p, [field]: undefined }));
  };
  const touch = (field: Field) => setTouched((t) => ({ ...t, [field]: true }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setStored(null);
    request.reset();
    if (Object.keys(problems).length > 0) return;
    request.mutate(bodyOf(values), {
      onSuccess: (quote) => {
        setStored(quote);
        setValues(EMPTY);
        setTouched({});
        setSubmitted(false);
        setServerProblems({});
      },
      onError: (error) => {
        const fromServer: Partial<Record<Field, string>> = {};
        for (const f of error instanceof ApiError ? error.fields : []) {
          if (f.field in LABELS) fromServer[f.field as Field] = `${LABELS[f.field as Field]} ${f.reason}`;
        }
        setServerProblems(fromServer);
      },
    });
  };

  const described = (field: Field) => ({
    'aria-invalid': shownProblem(field) ? true : undefined,
    'aria-describedby': shownProblem(field) ? `${ids}-${field}-error` : undefined,
  });
  const row = (field: Field, control: ReactNode, hint?: ReactNode) => (
    <div className="stable-field">
      <label htmlFor={`${ids}-${field}`}>
        {LABELS[field]}
        {REQUIRED.includes(field) ? null : <span className="hint"> (optional)</span>}
      </label>
      {control}
      {hint}
      {shownProblem(field) ? (
        <p id={`${ids}-${field}-error`} className="field-error">
          {shownProblem(field)}
        </p>
      ) : null}
    </div>
  );
  const input = (field: Field, extra: Record<string, unknown> = {}) => (
    <input
      id={`${ids}-${field}`}
      value={values[field]}
      onChange={(e) => set(field, e.target.value)}
      onBlur={() => touch(field)}
      {...described(field)}
      {...extra}
    />
  );
  const { limits } = shipping;

  return (
    <div className="quote-layout">
      <form className="form stable-form quote-form" onSubmit={submit} noValidate aria-label="Request a transport quote">
        <div className="stable-field-pair">
          {row('from_place', input('from_place', { maxLength: 120, autoComplete: 'off' }))}
          {row('to_place', input('to_place', { maxLength: 120, autoComplete: 'off' }))}
        </div>
        <div className="stable-field-pair">
          {row(
            'distance_km',
            input('distance_km', {
              type: 'number',
              inputMode: 'numeric',
              min: limits.distance_km_min,
              max: limits.distance_km_max,
              step: 1,
            }),
          )}
          {row(
            'horses',
            input('horses', {
              type: 'number',
              inputMode: 'numeric',
              min: limits.horses_min,
              max: limits.horses_max,
              step: 1,
            }),
          )}
        </div>
        {row(
          'service',
          <select
            id={`${ids}-service`}
            value={values.service}
            onChange={(e) => {
              set('service', e.target.value);
              touch('service');
            }}
            onBlur={() => touch('service')}
            {...described('service')}
          >
            <option value="">Choose a service…</option>
            {shipping.options.map((o) => (
              <option key={o.service} value={o.service}>
                {o.label}
              </option>
            ))}
          </select>,
        )}
        {row('travel_date', input('travel_date', { type: 'date', min: dates.earliest, max: dates.latest }))}
        <fieldset className="care-options">
          <legend>Extras</legend>
          <label className="care-option">
            <input type="checkbox" checked={values.attendant} onChange={(e) => set('attendant', e.target.checked)} />
            An attendant travels with the horses
          </label>
          <label className="care-option">
            <input type="checkbox" checked={values.insurance} onChange={(e) => set('insurance', e.target.checked)} />
            Transit insurance ({formatCents(shipping.insurance_per_horse_cents)} per horse)
          </label>
        </fieldset>
        {row('horse_name', input('horse_name', { maxLength: 60 }))}
        {row(
          'notes',
          <textarea
            id={`${ids}-notes`}
            rows={3}
            maxLength={1000}
            value={values.notes}
            onChange={(e) => set('notes', e.target.value)}
            onBlur={() => touch('notes')}
            {...described('notes')}
          />,
        )}
        <p className="button-row">
          <button type="submit" className="button" disabled={request.isPending}>
            {request.isPending ? 'Sending…' : 'Request quote'}
          </button>
          {/* The total beside the button too: on a phone the estimate's lines sit below the form. */}
          {estimate ? <span className="quote-total-line">Estimate {formatCents(estimate.total_cents)}</span> : null}
        </p>
        {request.isError && Object.keys(serverProblems).length === 0 ? (
          <ErrorMessage error={request.error} text="Could not send the request" />
        ) : null}
      </form>

      <div className="quote-side">
        {stored ? (
          <section className="card quote-stored" aria-labelledby={`${ids}-stored`}>
            <h3 id={`${ids}-stored`}>Quote #{stored.id}</h3>
            <p className="flash" role="status">
              Request stored: {stored.from_place} to {stored.to_place} on {stored.travel_date},{' '}
              {formatCents(stored.quote.total_cents)}.
            </p>
            <QuoteLines quote={stored.quote} caption={`Quote #${stored.id}`} />
          </section>
        ) : null}
        <section className="card quote-estimate" aria-labelledby={`${ids}-estimate`}>
          <h3 id={`${ids}-estimate`}>Estimate</h3>
          <div aria-live="polite">
            {estimate ? (
              <QuoteLines quote={estimate} caption="Estimate as typed" />
            ) : (
              <p className="hint">Choose a service and enter the distance and horses to see the price.</p>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
