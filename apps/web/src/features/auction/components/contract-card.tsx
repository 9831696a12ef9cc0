import type { SalesContractView } from '@furlong/contracts';
import { formatMoney } from '@furlong/domain';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/ui/status';
import { TimeOfDay } from '../../../components/ui/time-of-day';
import { contractPdfUrl } from '../api/sales-contracts';
import { useSignContract } from '../api/sign-contract';

function Signature({ name, at }: { name: string | null; at: string | null }) {
  if (!name) return <span className="hint">Not signed yet</span>;
  return (
    <>
      <span className="signature-line">{name}</span>{' '}
      <span className="hint">
        signed <TimeOfDay at={at} date seconds />
      </span>
    </>
  );
}

function SignForm({ contract }: { contract: SalesContractView }) {
  const ids = useId();
  const sign = useSignContract();
  const [signature, setSignature] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    sign.mutate({ id: contract.id, signature });
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={`Sign contract ${contract.id}`}>
      <label htmlFor={`${ids}-sig`}>Your signature ({contract.your_side})</label>
      <input
        id={`${ids}-sig`}
        className="signature-line"
        placeholder="Type your full name"
        value={signature}
        maxLength={80}
        onChange={(e) => setSignature(e.target.value)}
      />
      {sign.isError ? <ErrorMessage error={sign.error} text="Not signed." /> : null}
      <p className="button-row">
        <button type="submit" className="button small" disabled={sign.isPending}>
          {sign.isPending ? 'Signing…' : 'Sign contract'}
        </button>
      </p>
    </form>
  );
}

/** One sales contract: the spec's fields, both signatures with their time stamps, the PDF, and the user's signing. */
export function ContractCard({ contract: c }: { contract: SalesContractView }) {
  return (
    <article className="contract-card" aria-label={`Sales contract ${c.id}: ${c.horse_name}`}>
      <h3>
        {c.horse_name} <span className="tag">{c.status === 'signed' ? 'Signed' : 'Awaiting signature'}</span>
      </h3>
      <dl className="horse-facts">
        <div>
          <dt>Date</dt>
          <dd>{c.contract_date}</dd>
        </div>
        <div>
          <dt>Seller</dt>
          <dd>
            {c.seller_name}
            {c.your_side === 'seller' ? ' (you)' : ''}
          </dd>
        </div>
        <div>
          <dt>Buyer</dt>
          <dd>
            {c.buyer_name}
            {c.your_side === 'buyer' ? ' (you)' : ''}
          </dd>
        </div>
        <div>
          <dt>Purchase price</dt>
          <dd>{formatMoney(c.purchase_price_cents)}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>
            {c.payment_days === 0
              ? c.lot_id !== null
                ? 'Paid at the hammer'
                : 'On signing'
              : `${c.payment_days} days`}
          </dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{c.delivery_days} days</dd>
        </div>
        <div>
          <dt>State</dt>
          <dd>{c.state}</dd>
        </div>
        <div>
          <dt>From</dt>
          <dd>{c.lot_id === null ? 'Contract form' : <Link to={`/auction-horses/${c.lot_id}`}>Auction lot</Link>}</dd>
        </div>
      </dl>
      <p>
        Seller's signature: <Signature name={c.seller_signature} at={c.seller_signed_at} />
        <br />
        Buyer's signature: <Signature name={c.buyer_signature} at={c.buyer_signed_at} />
      </p>
      {c.you_may_sign ? <SignForm contract={c} /> : null}
      <p className="button-row">
        <a className="button small secondary" href={contractPdfUrl(c.id)} target="_blank" rel="noopener">
          Download PDF <span className="visually-hidden">of the contract for {c.horse_name}</span>
        </a>
      </p>
    </article>
  );
}
