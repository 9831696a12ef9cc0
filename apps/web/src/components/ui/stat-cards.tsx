import type { ReactNode } from 'react';

export interface StatCard {
  label: string;
  value: ReactNode;
  /** A second line in small type. */
  detail?: ReactNode;
}

/** Headline figures as a row of cards: each a term and its value. */
export function StatCards({ label, cards }: { label: string; cards: readonly StatCard[] }) {
  return (
    <dl className="stat-cards" aria-label={label}>
      {cards.map((card) => (
        <div key={card.label} className="stat-card">
          <dt>{card.label}</dt>
          <dd>
            <span className="stat-card-value">{card.value}</span>
            {card.detail ? <span className="stat-card-detail">{card.detail}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
