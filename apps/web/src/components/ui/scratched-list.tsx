import type { ScratchedRunner } from '@furlong/contracts';
import { Link } from 'react-router-dom';
import { PostChip } from './post-chip';

/** The runners scratched from a race (result page, race screen, tote): SCR, the horse and why. Nothing when none. */
export function ScratchedList({
  scratched,
  headingLevel = 2,
}: {
  scratched: readonly ScratchedRunner[];
  headingLevel?: 2 | 3;
}) {
  if (scratched.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="scratched-runners" className="scratched-list">
      <Heading id="scratched-runners">Scratched</Heading>
      <ul>
        {scratched.map((r) => (
          <li key={r.post_position}>
            <PostChip post={r.post_position} /> <Link to={`/page-horse/${r.horse_id}`}>{r.horse_name}</Link>{' '}
            <span className="scratch-label">SCR</span> {r.reason}
            {r.scratched_by === 'simulation' ? '' : ' (stewards)'}
          </li>
        ))}
      </ul>
    </section>
  );
}
