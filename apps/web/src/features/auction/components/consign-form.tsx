import { type AuctionLot, consignBodySchema } from '@furlong/contracts';
import { formatMoney } from '@furlong/domain';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { TimeOfDay } from '../../../components/ui/time-of-day';
import { ApiError } from '../../../lib/api-client';
import { useConsign } from '../api/consign';
import { useStableHorses } from '../api/stable-horses';

type Field = 'horse_id' | 'starting_bid_cents' | 'reserve_cents' | 'description';
const LABELS: Record<Field, string> = {
  horse_id: 'Horse',
  starting_bid_cents: 'Starting bid ($)',
  reserve_cents: 'Reserve ($, optional)',
  description: 'Description',
};

const cents = (text: string) =>
  /^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : Number.NaN;

/** Consign to auction: one of the user's horses into the next public sale, with a starting bid and a secret reserve. */
export function ConsignForm() {
  const ids = useId();
  const stable = useStableHorses();
  const consign = useConsign();
  const [values, setValues] = useState({ horse_id: '', starting_bid: '', reserve: '', description: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [made, setMade] = useState<AuctionLot | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMade(null);
    consign.reset();
    const body = {
      horse_id: Number(values.horse_id),
      starting_bid_cents: cents(values.starting_bid),
      reserve_cents: values.reserve.trim() === '' ? null : cents(values.reserve),
      description: values.description,
    };
    const found: Partial<Record<Field, string>> = {};
    if (!values.horse_id) found.horse_id = 'Choose a horse';
    const parsed = consignBodySchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const f = issue.path[0] as Field | undefined;
        if (f && f in LABELS && !found[f]) {
          found[f] = Number.isNaN(body[f as 'starting_bid_cents'])
            ? 'Enter an amount in dollars'
            : `${LABELS[f]} ${issue.message}`;
        }
      }
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    consign.mutate(body, {
      onSuccess: (lot) => {
        setMade(lot);
        setValues({ horse_id: '', starting_bid: '', reserve: '', description: '' });
      },
      onError: (err) => {
        if (!(err instanceof ApiError)) return;
        const fromServer: Partial<Record<Field, string>> = {};
        for (const f of err.fields) if (f.field in LABELS) fromServer[f.field as Field] = f.reason;
        setProblems(fromServer);
      },
    });
  };

  const row = (field: Field, control: React.ReactNode) => (
    <div className="stable-field">
      <label htmlFor={`${ids}-${field}`}>{LABELS[field]}</label>
      {control}
      {problems[field] ? (
        <p id={`${ids}-${field}-error`} className="field-error">
          {problems[field]}
        </p>
      ) : null}
    </div>
  );
  const aria = (field: Field) => ({
    id: `${ids}-${field}`,
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby': problems[field] ? `${ids}-${field}-error` : undefined,
  });

  if (stable.isPending) return <Loading text="Loading your stable…" />;
  if (stable.isError) return <ErrorMessage error={stable.error} text="Could not load your stable." />;
  const horses = stable.data.horses;
  return (
    <>
      {made ? (
        <p className="flash" role="status">
          {made.name} is lot {made.lot_no} of {made.sale_name}, closing <TimeOfDay at={made.state.closes_at} date />.{' '}
          <Link to={`/auction-horses/${made.id}`}>Open the lot</Link>
        </p>
      ) : null}
      {consign.isError ? <ErrorMessage error={consign.error} text="The horse was not consigned." /> : null}
      {horses.length === 0 ? (
        <p className="hint">
          Your stable is empty. <Link to="/create-horse">Create a horse</Link> to consign it.
        </p>
      ) : (
        <form className="form stable-form" onSubmit={submit} noValidate aria-label="Consign to auction">
          {row(
            'horse_id',
            <select
              {...aria('horse_id')}
              value={values.horse_id}
              onChange={(e) => setValues((v) => ({ ...v, horse_id: e.target.value }))}
            >
              <option value="">Choose a horse…</option>
              {horses.map((h) => (
                <option key={h.id} value={h.id} disabled={h.on_sale}>
                  {h.horse_name} ({h.breed_name}, {h.age}){h.on_sale ? ' — at auction' : ''}
                </option>
              ))}
            </select>,
          )}
          <div className="stable-field-pair">
            {row(
              'starting_bid_cents',
              <input
                {...aria('starting_bid_cents')}
                inputMode="decimal"
                placeholder={`at least ${formatMoney(10_000)}`}
                value={values.starting_bid}
                onChange={(e) => setValues((v) => ({ ...v, starting_bid: e.target.value }))}
              />,
            )}
            {row(
              'reserve_cents',
              <input
                {...aria('reserve_cents')}
                inputMode="decimal"
                placeholder="no reserve"
                value={values.reserve}
                onChange={(e) => setValues((v) => ({ ...v, reserve: e.target.value }))}
              />,
            )}
          </div>
          {row(
            'description',
            <textarea
              {...aria('description')}
              rows={2}
              maxLength={500}
              value={values.description}
              onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
            />,
          )}
          <p className="hint">
            The reserve is secret: below it the horse is not sold. The sale keeps a commission from the price.
          </p>
          <p className="button-row">
            <button type="submit" className="button" disabled={consign.isPending}>
              {consign.isPending ? 'Consigning…' : 'Consign to auction'}
            </button>
          </p>
        </form>
      )}
    </>
  );
}
