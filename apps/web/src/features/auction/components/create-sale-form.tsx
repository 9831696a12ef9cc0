import { type AuctionSale, type CreateSaleRequest, createSaleBodySchema } from '@furlong/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/ui/status';
import { ApiError } from '../../../lib/api-client';
import { useCreateSale } from '../api/create-sale';

type Field = 'name' | 'kind' | 'first_close_at' | 'lots' | 'invite';

const dollars = (text: string | undefined) =>
  text && /^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : Number.NaN;

/** "horse id, starting bid $, reserve $" a line → the request's lots (a bad line gives NaN, which the schema names). */
export function parseLotLines(text: string): CreateSaleRequest['lots'] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((line) => {
      const [horse, start, reserve] = line.split(',').map((p) => p.trim());
      return {
        horse_id: /^\d+$/.test(horse ?? '') ? Number(horse) : Number.NaN,
        starting_bid_cents: dollars(start),
        reserve_cents: reserve ? dollars(reserve) : null,
      };
    });
}

/** Admins: a public or private sale of house horses (lots by horse id), with invited usernames for a private one. */
export function CreateSaleForm() {
  const ids = useId();
  const create = useCreateSale();
  const [values, setValues] = useState({ name: '', kind: 'public', first_close_at: '', lots: '', invite: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [made, setMade] = useState<AuctionSale | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMade(null);
    create.reset();
    const close = values.first_close_at ? new Date(values.first_close_at) : null;
    const body = {
      name: values.name,
      kind: values.kind as CreateSaleRequest['kind'],
      first_close_at: close && !Number.isNaN(close.getTime()) ? close.toISOString() : '',
      lots: parseLotLines(values.lots),
      invite: values.invite
        .split(/[,\n]/)
        .map((u) => u.trim())
        .filter((u) => u !== ''),
    };
    const parsed = createSaleBodySchema.safeParse(body);
    const found: Partial<Record<Field, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const f = issue.path[0] as Field;
        found[f] ??=
          f === 'lots' && issue.path.length > 1 ? `line ${Number(issue.path[1]) + 1}: ${issue.message}` : issue.message;
      }
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(body, {
      onSuccess: (sale) => setMade(sale),
      onError: (err) => {
        if (!(err instanceof ApiError)) return;
        const fromServer: Partial<Record<Field, string>> = {};
        for (const f of err.fields) fromServer[f.field.split(/[.[]/)[0] as Field] ??= `${f.field} ${f.reason}`;
        setProblems(fromServer);
      },
    });
  };
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));
  const aria = (f: Field) => ({
    id: `${ids}-${f}`,
    'aria-invalid': problems[f] ? true : undefined,
    'aria-describedby': problems[f] ? `${ids}-${f}-error` : undefined,
  });
  const error = (f: Field) =>
    problems[f] ? (
      <p id={`${ids}-${f}-error`} className="field-error">
        {problems[f]}
      </p>
    ) : null;

  return (
    <form className="form stable-form" onSubmit={submit} noValidate aria-label="Make a sale">
      {made ? (
        <p className="flash" role="status">
          {made.name} is made with {made.lots} lots.{' '}
          <Link to={`/auction-horses?sale_id=${made.id}&status=`}>Its lots</Link>
        </p>
      ) : null}
      {create.isError ? <ErrorMessage error={create.error} text="The sale was not made." /> : null}
      <div className="stable-field">
        <label htmlFor={`${ids}-name`}>Sale name</label>
        <input {...aria('name')} value={values.name} onChange={set('name')} maxLength={80} />
        {error('name')}
      </div>
      <div className="stable-field-pair">
        <div className="stable-field">
          <label htmlFor={`${ids}-kind`}>Kind</label>
          <select {...aria('kind')} value={values.kind} onChange={set('kind')}>
            <option value="public">Public</option>
            <option value="private">Private (invited users)</option>
          </select>
        </div>
        <div className="stable-field">
          <label htmlFor={`${ids}-first_close_at`}>First lot closes</label>
          <input
            {...aria('first_close_at')}
            type="datetime-local"
            value={values.first_close_at}
            onChange={set('first_close_at')}
          />
          {error('first_close_at')}
        </div>
      </div>
      <div className="stable-field">
        <label htmlFor={`${ids}-lots`}>Lots: house horse id, starting bid $, reserve $ (one a line)</label>
        <textarea {...aria('lots')} rows={4} value={values.lots} onChange={set('lots')} placeholder="12, 500, 900" />
        {error('lots')}
      </div>
      {values.kind === 'private' ? (
        <div className="stable-field">
          <label htmlFor={`${ids}-invite`}>Invited usernames (comma or line separated)</label>
          <textarea {...aria('invite')} rows={2} value={values.invite} onChange={set('invite')} />
          {error('invite')}
        </div>
      ) : null}
      <p className="button-row">
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? 'Making the sale…' : 'Make sale'}
        </button>
      </p>
    </form>
  );
}
