import type { StableHorse } from '@furlong/contracts';
import type { ReactNode } from 'react';
import { formatCents, formatNumber } from '../../../lib/format';
import { ConditionMeters } from './condition-meters';
import { capitalise } from './stable-messages';

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** "12 starts: 3-2-1" — starts, then wins, places and shows. */
export function formLine(record: StableHorse['record']): string {
  return `${record.starts} ${record.starts === 1 ? 'start' : 'starts'}: ${record.wins}-${record.places}-${record.shows}`;
}

/**
 * A horse of the stable as the server answers it: who it is, its drawn rating and its record, all
 * read-only (abilities are drawn by the server, never typed in). `details` adds the pedigree and
 * connections; `children` go at the foot (links, actions).
 */
export function HorseCard({
  horse,
  details = true,
  headingLevel = 2,
  children,
}: {
  horse: StableHorse;
  details?: boolean;
  headingLevel?: 2 | 3;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const r = horse.record;
  return (
    <article className="card horse-card" aria-label={horse.horse_name}>
      <Heading className="horse-card-name">{horse.horse_name}</Heading>
      <p className="hint">
        {horse.age}-year-old {horse.color ? `${horse.color} ` : ''}
        {horse.gender === 'male' ? 'male' : 'female'} · {horse.breed_name}
        {horse.in_foal_until ? ' · in foal' : ''}
        {horse.on_sale ? ' · at auction' : ''}
      </p>
      <dl className="horse-facts">
        <Field term="Rating">{horse.rating.toFixed(1)}</Field>
        <Field term="Races">{formatNumber(r.starts)}</Field>
        <Field term="Wins">{formatNumber(r.wins)}</Field>
        <Field term="Places">{formatNumber(r.places)}</Field>
        <Field term="Shows">{formatNumber(r.shows)}</Field>
        <Field term="Earnings">{formatCents(r.earnings_cents)}</Field>
        <Field term="Highest earning">{formatCents(r.highest_earning_cents)}</Field>
        <Field term="Tracks raced">{r.tracks_raced.length > 0 ? r.tracks_raced.join(', ') : 'None yet'}</Field>
        {details ? (
          <>
            <Field term="Date of birth">{horse.dob}</Field>
            <Field term="Height">{horse.height_hands === null ? '—' : `${horse.height_hands} hands`}</Field>
            <Field term="Weight">{horse.weight_lbs === null ? '—' : `${formatNumber(horse.weight_lbs)} lb`}</Field>
            <Field term="Sire">{horse.sire}</Field>
            <Field term="Dam">{horse.dam}</Field>
            <Field term="Breeder">{horse.breeder}</Field>
            <Field term="Jockey">{horse.jockey ?? '—'}</Field>
            <Field term="Trainer">{horse.trainer ?? '—'}</Field>
            <Field term="Owner">{horse.owner}</Field>
            <Field term="Shoes">{capitalise(horse.shoe)}</Field>
            <Field term="Gear">{horse.gear.length > 0 ? horse.gear.map(capitalise).join(', ') : 'None'}</Field>
            <Field term="Races from">{horse.can_race_from}</Field>
          </>
        ) : null}
      </dl>
      <ConditionMeters horse={horse} />
      {children}
    </article>
  );
}
