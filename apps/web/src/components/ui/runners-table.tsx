import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useOddsFormatter } from '../../lib/settings';
import { PostChip } from './post-chip';
import { EmptyState } from './status';

/**
 * A runner with its connections, as the catalog's race entries and the day cards give them; a
 * current race's card adds what a program shows beside each runner.
 */
export interface Runner {
  /** The program number (the saddle cloth's), which is the post position here. */
  post_position: number;
  /** The horse's registration number: a small detail, never to be taken for the program number. */
  horse_number?: number;
  horse_id: number;
  horse_name: string;
  jockey_id: number;
  jockey_name: string;
  trainer_id: number | null;
  trainer_name: string | null;
  owner_id: number | null;
  owner_name: string | null;
  age?: number;
  sex?: 'colt' | 'filly' | 'horse' | 'mare';
  /** Weight carried, lb. */
  weight_lbs?: number;
  /** '5-2', or null when none was kept. */
  morning_line?: string | null;
  /** Finishing positions of the last three races, the latest first. */
  last_finishes?: readonly number[];
  /** Scratched (withdrawn): struck through, and no odds. */
  scratched?: boolean;
  /** Why it was scratched, shown beside "SCR". */
  scratch_reason?: string | null;
}

/** Live win odds by program number ('8-5'), null where the horse has none yet. */
export type LiveOddsByPost = Readonly<Record<number, string | null>>;

function PersonLink({ kind, id, name }: { kind: string; id: number | null; name: string | null }) {
  return id === null ? '—' : <Link to={`/page-${kind}/${id}`}>{name ?? `${kind} ${id}`}</Link>;
}

const SEX_LETTER: Record<NonNullable<Runner['sex']>, string> = { colt: 'c', filly: 'f', horse: 'h', mare: 'm' };

/** Age and sex as a program prints them: "4 c" for a four-year-old colt. */
export function ageSex(r: Pick<Runner, 'age' | 'sex'>): string {
  if (r.age === undefined) return '—';
  return r.sex ? `${r.age} ${SEX_LETTER[r.sex]}` : String(r.age);
}

/** Form figures, oldest first and the latest on the right as form is read: [3, 1, 5] (latest first) → "5-1-3". */
export function formFigures(lastFinishes: readonly number[] | undefined): string {
  if (!lastFinishes || lastFinishes.length === 0) return 'First start';
  return [...lastFinishes].reverse().join('-');
}

/**
 * The field of a race: program number on its saddle cloth, horse, jockey, trainer and owner, each
 * linking to its sheet; with a current race's card also the morning line, the live odds (when
 * `liveOdds` is given), age and sex, weight and the last three finishes. A scratched runner is
 * struck through and marked SCR with its reason. `actions` adds a last column (e.g. an admin's Scratch).
 */
export function RunnersTable<R extends Runner>({
  runners,
  caption,
  liveOdds,
  actions,
}: {
  runners: readonly R[];
  caption?: string;
  liveOdds?: LiveOddsByPost | null;
  actions?: { label: string; cell: (runner: R) => ReactNode };
}) {
  // Odds in the viewer's format (settings: fractional 5-2 or decimal 3.50).
  const shown = useOddsFormatter().fromFraction;
  if (runners.length === 0) return <EmptyState>No runners entered yet.</EmptyState>;
  const has = (key: keyof Runner) => runners.some((r) => r[key] !== undefined);
  const program = has('morning_line') || has('age') || has('weight_lbs') || has('last_finishes');
  const odds = liveOdds !== undefined;
  return (
    <div className="table-scroll">
      <table className={program ? 'runners-table program-runners' : 'runners-table'}>
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            <th scope="col">
              <abbr title="Program number">#</abbr>
            </th>
            <th scope="col">Horse</th>
            {has('morning_line') ? (
              <th scope="col">
                <abbr title="Morning line">ML</abbr>
              </th>
            ) : null}
            {odds ? <th scope="col">Odds</th> : null}
            {has('age') ? (
              <th scope="col">
                <abbr title="Age and sex">A/S</abbr>
              </th>
            ) : null}
            {has('weight_lbs') ? (
              <th scope="col">
                <abbr title="Weight carried (lb)">Wgt</abbr>
              </th>
            ) : null}
            <th scope="col">Jockey</th>
            <th scope="col">Trainer</th>
            <th scope="col">Owner</th>
            {has('last_finishes') ? (
              <th scope="col">
                <abbr title="Last three finishes, the latest on the right">Last 3</abbr>
              </th>
            ) : null}
            {actions ? <th scope="col">{actions.label}</th> : null}
          </tr>
        </thead>
        <tbody>
          {runners.map((r) => (
            <tr key={r.post_position} className={r.scratched ? 'scratched' : undefined}>
              <td className="program-number">
                <PostChip post={r.post_position} />
              </td>
              <td className="horse-cell">
                <PersonLink kind="horse" id={r.horse_id} name={r.horse_name} />
                {/* The spaces outside the spans: an inline-block drops its own leading space. */}
                {r.scratched ? (
                  <>
                    {' '}
                    <span className="scratch-label" title="Scratched">
                      SCR
                    </span>
                  </>
                ) : null}
                {r.scratched && r.scratch_reason ? (
                  <>
                    {' '}
                    <span className="scratch-reason">{r.scratch_reason}</span>
                  </>
                ) : null}
                {r.horse_number !== undefined ? <span className="horse-reg">Reg. {r.horse_number}</span> : null}
              </td>
              {has('morning_line') ? <td className="odds-cell">{shown(r.morning_line)}</td> : null}
              {odds ? (
                <td className="odds-cell tote-odds">{r.scratched ? '—' : shown(liveOdds?.[r.post_position])}</td>
              ) : null}
              {has('age') ? <td>{ageSex(r)}</td> : null}
              {has('weight_lbs') ? <td className="num">{r.weight_lbs ?? '—'}</td> : null}
              <td>
                <PersonLink kind="jockey" id={r.jockey_id} name={r.jockey_name} />
              </td>
              <td>
                <PersonLink kind="trainer" id={r.trainer_id} name={r.trainer_name} />
              </td>
              <td>
                <PersonLink kind="owner" id={r.owner_id} name={r.owner_name} />
              </td>
              {has('last_finishes') ? <td className="form-figures">{formFigures(r.last_finishes)}</td> : null}
              {actions ? <td>{actions.cell(r)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
