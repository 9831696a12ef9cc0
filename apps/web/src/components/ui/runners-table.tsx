import { Link } from 'react-router-dom';
import { EmptyState } from './status';

/** A runner with its connections, as the catalog's race entries and the day cards give them. */
export interface Runner {
  post_position: number;
  horse_number?: number;
  horse_id: number;
  horse_name: string;
  jockey_id: number;
  jockey_name: string;
  trainer_id: number | null;
  trainer_name: string | null;
  owner_id: number | null;
  owner_name: string | null;
}

function PersonLink({ kind, id, name }: { kind: string; id: number | null; name: string | null }) {
  return id === null ? '—' : <Link to={`/page-${kind}/${id}`}>{name ?? `${kind} ${id}`}</Link>;
}

/** The field of a race: post, (horse number), horse, jockey, trainer and owner, each linking to its sheet. */
export function RunnersTable({ runners, caption }: { runners: readonly Runner[]; caption?: string }) {
  if (runners.length === 0) return <EmptyState>No runners entered yet.</EmptyState>;
  const numbered = runners.some((r) => r.horse_number !== undefined);
  return (
    <div className="table-scroll">
      <table>
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            <th scope="col">Post</th>
            {numbered ? <th scope="col">Horse no.</th> : null}
            <th scope="col">Horse</th>
            <th scope="col">Jockey</th>
            <th scope="col">Trainer</th>
            <th scope="col">Owner</th>
          </tr>
        </thead>
        <tbody>
          {runners.map((r) => (
            <tr key={r.post_position}>
              <td>{r.post_position}</td>
              {numbered ? <td>{r.horse_number ?? '—'}</td> : null}
              <td>
                <PersonLink kind="horse" id={r.horse_id} name={r.horse_name} />
              </td>
              <td>
                <PersonLink kind="jockey" id={r.jockey_id} name={r.jockey_name} />
              </td>
              <td>
                <PersonLink kind="trainer" id={r.trainer_id} name={r.trainer_name} />
              </td>
              <td>
                <PersonLink kind="owner" id={r.owner_id} name={r.owner_name} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
