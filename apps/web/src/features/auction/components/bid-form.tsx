import type { AuctionLot, LotState, PlaceBidResponse } from '@furlong/contracts';
import { formatMoney } from '@furlong/domain';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ErrorMessage } from '../../../components/ui/status';
import { ApiError } from '../../../lib/api-client';
import type { Session } from '../../../lib/session';
import { newKey } from '../../../lib/unique-key';
import { getCurrentBid } from '../api/current-bid';
import { usePlaceBid } from '../api/place-bid';
import { parseBidAmount } from '../hooks/bid-amount';
import { useLotStore } from '../hooks/lot-store';
import { AUCTION_TEXT, BID_REFUSALS } from './auction-text';

type Kind = 'bid' | 'max';

/** The server refused the bid for what it holds (nothing was placed): a new key is safe. */
function isRefusal(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  if (err.status === 409) return err.reason !== undefined;
  return err.status >= 400 && err.status < 500;
}

/**
 * Bid / Max bid. The Bid button shows the amount it bids: the typed amount, or the next bid when the
 * box is empty. The price the bidder saw goes with the bid; if it moved meanwhile, the server
 * refuses (stale_price) and the form takes the live state and says so. One Idempotency-Key per bid
 * (lot, kind, amount, price seen), kept until the server has answered it, so a retry after a lost
 * answer is decided once.
 */
export function BidForm({ lot, state, session }: { lot: AuctionLot; state: LotState; session: Session }) {
  const ids = useId();
  const place = usePlaceBid();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<PlaceBidResponse | null>(null);
  const [moved, setMoved] = useState<string | null>(null);
  const pending = useRef<{ signature: string; key: string } | null>(null);

  const typed = text.trim() === '' ? null : parseBidAmount(text);
  const amount = typed === null ? state.minimum_bid_cents : typed.ok ? typed.cents : null;
  const label = (kind: Kind) => {
    const verb = kind === 'bid' ? 'Bid' : 'Max bid';
    return amount === null ? verb : `${verb} ${formatMoney(amount)}`;
  };

  const submit = (kind: Kind) => {
    setAnswer(null);
    setMoved(null);
    place.reset();
    if (typed !== null && !typed.ok) {
      setProblem(typed.message);
      return;
    }
    const cents = amount as number;
    if (cents < state.minimum_bid_cents) {
      setProblem(`Your bid must be at least ${formatMoney(state.minimum_bid_cents)}.`);
      return;
    }
    setProblem(null);
    const seen = state.price_cents;
    const signature = `${lot.id}|${kind}|${cents}|${seen}`;
    if (pending.current?.signature !== signature) pending.current = { signature, key: newKey() };
    place.mutate(
      {
        lotId: lot.id,
        request: { amount_cents: cents, kind, seen_price_cents: seen },
        idempotencyKey: pending.current.key,
      },
      {
        onSuccess: (res) => {
          pending.current = null;
          setAnswer(res);
          setText('');
        },
        onError: (err) => {
          if (isRefusal(err)) pending.current = null;
          if (err instanceof ApiError && err.status === 400 && err.fields.length > 0) {
            setProblem(err.fields.map((f) => f.reason).join(' '));
          }
          if (err instanceof ApiError && (err.reason === 'stale_price' || err.reason === 'closed')) {
            // Take the live state at once: the price, the next bid and the close shown are the server's.
            void getCurrentBid(lot.id)
              .then((fresh) => useLotStore.getState().received(fresh))
              .catch(() => undefined);
            if (err.reason === 'stale_price') setMoved(err.message);
          }
        },
      },
    );
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit('bid');
  };

  if (lot.consignor === session.username) {
    return <p className="notice">This is your horse: you cannot bid on it.</p>;
  }
  const refusal = place.error instanceof ApiError ? place.error : null;
  return (
    <form className="bid-form" onSubmit={onSubmit} noValidate aria-label="Bid on this lot">
      <div className="bid-input-row">
        <label htmlFor={`${ids}-amount`}>Your bid (USD)</label>
        <input
          id={`${ids}-amount`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={String(state.minimum_bid_cents / 100)}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids}-problem` : `${ids}-hint`}
        />
      </div>
      {problem ? (
        <p id={`${ids}-problem`} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <p className="button-row">
        <button type="submit" className="button big" disabled={place.isPending}>
          {place.isPending && place.variables?.request.kind === 'bid' ? 'Bidding…' : label('bid')}
        </button>
        <button type="button" className="button secondary" disabled={place.isPending} onClick={() => submit('max')}>
          {place.isPending && place.variables?.request.kind === 'max' ? 'Bidding…' : label('max')}
        </button>
      </p>
      <p id={`${ids}-hint`} className="hint">
        The next bid is at least {formatMoney(state.minimum_bid_cents)}. A maximum bid lets the sale bid for you, one
        increment at a time, up to your maximum. Bids are binding; your maximum is held from your balance (
        {formatMoney(session.balance_cents)}) while you lead.
      </p>
      {moved ? (
        <div className="notice" role="alert">
          <strong>{AUCTION_TEXT.priceMoved}</strong> {moved} Check the amount and bid again.
        </div>
      ) : refusal ? (
        <ErrorMessage
          error={refusal}
          text={(refusal.reason && BID_REFUSALS[refusal.reason]) || 'Your bid was not placed.'}
        />
      ) : place.isError ? (
        <ErrorMessage error={place.error} text="Your bid was not placed." />
      ) : null}
      {answer ? (
        <p className="flash bid-result" role="status">
          {answer.leading
            ? `You lead at ${formatMoney(answer.state.price_cents ?? answer.max_cents)}${
                answer.max_cents > (answer.state.price_cents ?? 0)
                  ? `, with a maximum of ${formatMoney(answer.max_cents)}`
                  : ''
              }.`
            : `Outbid at once: another bidder's maximum is higher. The price is now ${formatMoney(
                answer.state.price_cents ?? 0,
              )}.`}
        </p>
      ) : null}
    </form>
  );
}
