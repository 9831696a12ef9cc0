import {
  CONTRACT_STATES,
  type CreateSalesContractRequest,
  createSalesContractBodySchema,
  type SalesContractView,
} from '@furlong/contracts';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { ErrorMessage } from '../../../components/ui/status';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useCreateSalesContract } from '../api/create-sales-contract';
import { ContractCard } from './contract-card';
import './auction.css';

type Field =
  | 'contract_date'
  | 'your_side'
  | 'counterparty'
  | 'horse_name'
  | 'purchase_price_cents'
  | 'payment_days'
  | 'delivery_days'
  | 'state'
  | 'signature';

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const EMPTY = {
  contract_date: today(),
  your_side: 'seller' as 'seller' | 'buyer',
  counterparty: '',
  horse_name: '',
  purchase_price: '',
  payment_days: '30',
  delivery_days: '10',
  state: 'KY',
  signature: '',
};

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
const cents = (text: string) =>
  /^\d+(\.\d{1,2})?$/.test(text.trim().replace(/[$,]/g, ''))
    ? Math.round(Number(text.trim().replace(/[$,]/g, '')) * 100)
    : Number.NaN;

/**
 * /sales-contract: the spec's form (date, seller, buyer, horse, purchase price, payment days,
 * delivery days, state, two signatures). The user is one side and signs by typing their name; the
 * other side (a member, by username) signs on /sales-contracts. Each field says what is wrong with it.
 */
export function SalesContractPage() {
  const ids = useId();
  const session = useSession();
  const create = useCreateSalesContract();
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [made, setMade] = useState<SalesContractView | null>(null);
  const other = values.your_side === 'seller' ? 'Buyer' : 'Seller';
  const mine = values.your_side === 'seller' ? 'Seller' : 'Buyer';

  const label: Record<Field, string> = {
    contract_date: 'Date',
    your_side: 'You are the',
    counterparty: `${other} (username)`,
    horse_name: 'Horse',
    purchase_price_cents: 'Purchase price ($)',
    payment_days: 'Payment due within (days)',
    delivery_days: 'Delivery within (days)',
    state: 'State',
    signature: `${mine}'s signature`,
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMade(null);
    create.reset();
    const body: CreateSalesContractRequest = {
      contract_date: values.contract_date,
      your_side: values.your_side,
      counterparty: values.counterparty,
      horse_name: values.horse_name,
      purchase_price_cents: cents(values.purchase_price),
      payment_days: whole(values.payment_days),
      delivery_days: whole(values.delivery_days),
      state: values.state as CreateSalesContractRequest['state'],
      signature: values.signature,
    };
    const found: Partial<Record<Field, string>> = {};
    const parsed = createSalesContractBodySchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const f = issue.path[0] as Field;
        const nan = typeof body[f as keyof typeof body] === 'number' && Number.isNaN(body[f as keyof typeof body]);
        found[f] ??= nan ? 'must be a number' : issue.message;
      }
    }
    if (session && values.counterparty.trim().toLowerCase() === session.username.toLowerCase()) {
      found.counterparty ??= 'must be another member, not you';
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(body, {
      onSuccess: (contract) => {
        setMade(contract);
        setValues({ ...EMPTY, contract_date: today() });
      },
      onError: (err) => {
        if (!(err instanceof ApiError)) return;
        const fromServer: Partial<Record<Field, string>> = {};
        for (const f of err.fields) fromServer[f.field as Field] = f.reason;
        if (err.status === 404) fromServer.counterparty = err.message;
        setProblems(fromServer);
      },
    });
  };

  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [k]: e.target.value }));
  };
  const row = (field: Field, control: ReactNode) => (
    <div className="stable-field">
      <label htmlFor={`${ids}-${field}`}>{label[field]}</label>
      {control}
      {problems[field] ? (
        <p id={`${ids}-${field}-error`} className="field-error">
          {label[field]} {problems[field]}
        </p>
      ) : null}
    </div>
  );
  const aria = (field: Field) => ({
    id: `${ids}-${field}`,
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby': problems[field] ? `${ids}-${field}-error` : undefined,
  });

  return (
    <Page
      title="Sales Contract"
      actions={
        <Link className="button secondary" to="/sales-contracts">
          My contracts
        </Link>
      }
    >
      <p className="hint">
        A contract for the private sale of a horse between two members. You sign your side by typing your full name; the
        other side signs it on their Sales Contracts page. Both can download it as a PDF.
      </p>
      {made ? (
        <div role="status">
          <p className="flash">The contract is stored with your signature. It waits for the {other.toLowerCase()}'s.</p>
          <ContractCard contract={made} />
        </div>
      ) : null}
      {create.isError && !(create.error instanceof ApiError && create.error.fields.length > 0) ? (
        <ErrorMessage error={create.error} text="The contract was not stored." />
      ) : null}
      <form className="form stable-form" onSubmit={submit} noValidate aria-label="Sales contract">
        <div className="stable-field-pair">
          {row(
            'contract_date',
            <input
              {...aria('contract_date')}
              type="date"
              value={values.contract_date}
              onChange={set('contract_date')}
            />,
          )}
          {row(
            'state',
            <select {...aria('state')} value={values.state} onChange={set('state')}>
              {CONTRACT_STATES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>,
          )}
        </div>
        <fieldset className="care-options">
          <legend>You are the</legend>
          {(['seller', 'buyer'] as const).map((side) => (
            <label key={side} className="care-option">
              <input
                type="radio"
                name={`${ids}-side`}
                value={side}
                checked={values.your_side === side}
                onChange={() => setValues((v) => ({ ...v, your_side: side }))}
              />
              {side === 'seller' ? 'Seller' : 'Buyer'}
            </label>
          ))}
        </fieldset>
        <div className="stable-field-pair">
          <div className="stable-field">
            <span className="hint">{mine}</span>
            <strong>{session?.username ?? 'You'}</strong>
          </div>
          {row(
            'counterparty',
            <input
              {...aria('counterparty')}
              value={values.counterparty}
              onChange={set('counterparty')}
              maxLength={60}
            />,
          )}
        </div>
        {row(
          'horse_name',
          <input {...aria('horse_name')} value={values.horse_name} onChange={set('horse_name')} maxLength={60} />,
        )}
        {row(
          'purchase_price_cents',
          <input
            {...aria('purchase_price_cents')}
            inputMode="decimal"
            value={values.purchase_price}
            onChange={set('purchase_price')}
          />,
        )}
        <div className="stable-field-pair">
          {row(
            'payment_days',
            <input
              {...aria('payment_days')}
              inputMode="numeric"
              value={values.payment_days}
              onChange={set('payment_days')}
            />,
          )}
          {row(
            'delivery_days',
            <input
              {...aria('delivery_days')}
              inputMode="numeric"
              value={values.delivery_days}
              onChange={set('delivery_days')}
            />,
          )}
        </div>
        {row(
          'signature',
          <input
            {...aria('signature')}
            className="signature-line"
            placeholder="Type your full name"
            value={values.signature}
            onChange={set('signature')}
            maxLength={80}
          />,
        )}
        <p className="hint">{other}'s signature: added when they sign.</p>
        <p className="button-row">
          <button type="submit" className="button" disabled={create.isPending}>
            {create.isPending ? 'Signing…' : 'Sign and store contract'}
          </button>
        </p>
      </form>
    </Page>
  );
}
