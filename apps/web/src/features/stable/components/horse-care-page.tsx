import type { CareResult, StableHorse } from '@furlong/contracts';
import { type ReactNode, useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { formatCents } from '../../../lib/format';
import { useStableDashboard } from '../api/stable-dashboard';
import { ConditionMeters } from './condition-meters';
import { CARE_LINKS, capitalise, readId, STABLE_MESSAGES } from './stable-messages';

/** What a care request answered: the server's message, the cost and the wallet after paying. */
export function CareOutcome({ result, error, failed }: { result?: CareResult; error: unknown; failed: string }) {
  if (error) return <ErrorMessage error={error} text={failed} />;
  if (!result) return null;
  return (
    <p className="flash" role="status">
      {result.message} Cost {formatCents(result.cost_cents)}; your balance is now {formatCents(result.balance_cents)}.
    </p>
  );
}

/**
 * The frame of the care pages (training, medical, shoeing, gear): pick one of your horses
 * (`?horseId=`), see its condition and equipment, then the page's own form for that horse.
 */
export function HorseCarePage({
  title,
  path,
  intro,
  children,
}: {
  title: string;
  /** This page's route, left out of the links to the other care pages. */
  path: string;
  intro: ReactNode;
  children(horse: StableHorse): ReactNode;
}) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const stable = useStableDashboard();
  const horseId = readId(params.get('horseId'));
  const others = CARE_LINKS.filter((l) => l.to !== path);

  let body: ReactNode;
  if (stable.isPending) body = <Loading text={STABLE_MESSAGES.loadingStable} />;
  else if (!stable.data) body = <ErrorMessage error={stable.error} text={STABLE_MESSAGES.stableFailed} />;
  else if (stable.data.horses.length === 0)
    body = (
      <EmptyState>
        {STABLE_MESSAGES.noHorses} <Link to="/create-horse">Create a horse</Link> to look after it here.
      </EmptyState>
    );
  else {
    const horses = stable.data.horses;
    const horse = horses.find((h) => h.id === horseId);
    body = (
      <>
        <div className="control stable-horse-picker">
          <label htmlFor={`${id}-horse`}>Horse</label>
          <select
            id={`${id}-horse`}
            value={horse ? String(horse.id) : ''}
            onChange={(e) =>
              setParams((prev) => {
                const next = new URLSearchParams(prev);
                if (e.target.value) next.set('horseId', e.target.value);
                else next.delete('horseId');
                return next;
              })
            }
          >
            <option value="">Choose a horse…</option>
            {horses.map((h) => (
              <option key={h.id} value={h.id}>
                {h.horse_name}
              </option>
            ))}
          </select>
        </div>
        {horseId !== null && !horse ? (
          <ErrorMessage text="That horse is not in your stable. Choose one above." />
        ) : null}
        {horse ? (
          <>
            <section className="card horse-care-condition" aria-label={`${horse.horse_name} now`}>
              <h2>{horse.horse_name}</h2>
              <p className="hint">
                Rating {horse.rating.toFixed(1)} · shoes: {capitalise(horse.shoe)} · gear:{' '}
                {horse.gear.length > 0 ? horse.gear.map(capitalise).join(', ') : 'none'}
                {horse.next_entry
                  ? ` · entered in ${horse.next_entry.track_name} race ${horse.next_entry.race_number}`
                  : ''}
              </p>
              <ConditionMeters horse={horse} />
            </section>
            <div key={horse.id}>{children(horse)}</div>
          </>
        ) : horseId === null ? (
          <EmptyState>Choose one of your horses.</EmptyState>
        ) : null}
      </>
    );
  }

  return (
    <Page
      title={title}
      actions={
        <div className="button-row">
          {others.map((l) => (
            <Link key={l.to} className="button secondary small" to={horseId ? `${l.to}?horseId=${horseId}` : l.to}>
              {l.label}
            </Link>
          ))}
          <Link className="button secondary small" to="/user-dashboard">
            My Stable
          </Link>
        </div>
      }
    >
      <div className="hint stable-intro">{intro}</div>
      {body}
    </Page>
  );
}
