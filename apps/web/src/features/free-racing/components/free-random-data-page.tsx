import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { useLoadRandomData } from '../api/random-records';
import {
  emptyRandomData,
  RANDOM_FETCHED_KINDS,
  RANDOM_KINDS,
  type RandomKind,
  type RandomRecord,
  useRandomData,
} from '../hooks/random-data-store';
import './free-racing.css';

const LABEL: Record<RandomKind, string> = {
  horses: 'Horses',
  jockeys: 'Jockeys',
  trainers: 'Trainers',
  owners: 'Owners',
  tracks: 'Tracks',
  races: 'Races',
};
const NAME: Record<RandomKind, string> = {
  horses: 'horse_name',
  jockeys: 'jockey_name',
  trainers: 'trainer_name',
  owners: 'owner_name',
  tracks: 'track_name',
  races: 'race_name',
};

function nameOf(kind: RandomKind, r: RandomRecord): string {
  const name = r[NAME[kind]];
  return typeof name === 'string' && name ? name : `#${r.id ?? '?'}`;
}

/**
 * /free-random-data: the random sample collection of spec §3 — six lists, kept in this tab's
 * session storage under `randomData` and replaced as a whole after each fetch.
 */
export function FreeRandomDataPage() {
  const data = useRandomData((s) => s.data);
  const replace = useRandomData((s) => s.replace);
  const load = useLoadRandomData();
  const [count, setCount] = useState('5');
  const n = Number(count);
  const valid = Number.isInteger(n) && n >= 1 && n <= 100;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) load.mutate(n, { onSuccess: replace });
  };

  return (
    <Page title="Free Random Data">
      <form className="free-actions" onSubmit={submit} aria-label="Fetch random data">
        <label>
          Records per list{' '}
          <input
            type="number"
            min={1}
            max={100}
            value={count}
            onChange={(e) => setCount(e.target.value)}
            aria-invalid={!valid}
          />
        </label>
        <button type="submit" className="button" disabled={!valid || load.isPending}>
          Fetch random data
        </button>
        <button type="button" className="button secondary" onClick={() => replace(emptyRandomData())}>
          Clear
        </button>
      </form>
      {!valid ? <p role="alert">Enter a whole number from 1 to 100.</p> : null}
      {load.isPending ? <Loading text="Fetching random records..." /> : null}
      {load.isError ? <ErrorMessage error={load.error} /> : null}
      <div className="free-card-list">
        {RANDOM_KINDS.map((kind) => (
          <section key={kind} className="free-panel" aria-labelledby={`random-${kind}`}>
            <h2 id={`random-${kind}`}>
              {LABEL[kind]} ({data[kind].length})
            </h2>
            {data[kind].length === 0 ? (
              <EmptyState>
                {(RANDOM_FETCHED_KINDS as readonly string[]).includes(kind)
                  ? 'Empty: fetch random data to fill it.'
                  : 'Empty: the loader does not fetch races.'}
              </EmptyState>
            ) : (
              <ul className="free-picks">
                {data[kind].map((r, i) => (
                  <li key={r.id ?? i}>
                    {r.id ? <Link to={`/page-${kind.slice(0, -1)}/${r.id}`}>{nameOf(kind, r)}</Link> : nameOf(kind, r)}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </Page>
  );
}
