import type { Featured, FeaturedPerformer } from '@furlong/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Loading } from '../../../components/ui/status';
import { formatCents, formatCountdown, formatTimeOfDay } from '../../../lib/format';
import { useFeatured } from '../api/featured';

const KICKER: Record<FeaturedPerformer['role'], string> = {
  horse: 'Horse',
  jockey: 'Jockey',
  trainer: 'Trainer',
  owner: 'Owner',
};

const PAGE: Record<FeaturedPerformer['role'], string> = {
  horse: 'page-horse',
  jockey: 'page-jockey',
  trainer: 'page-trainer',
  owner: 'page-owner',
};

/** Runs listed per performer; the rest are counted. */
const RUNS_SHOWN = 3;

/**
 * The featured performers of the home page (spec §2, issue 20): the hour's featured horse, jockey,
 * trainer and owner from today's runners, when they run, the bonus on backing them, and the time to
 * the next rotation.
 */
export function FeaturedPerformers() {
  const featured = useFeatured();
  return (
    <section className="featured" aria-labelledby="featured-title">
      <h2 id="featured-title">Featured performers</h2>
      {featured.isPending ? (
        <Loading />
      ) : featured.isError ? (
        <p>The featured performers are not available right now.</p>
      ) : (
        <FeaturedBody data={featured.data} fetchedAt={featured.dataUpdatedAt} refetch={featured.refetch} />
      )}
    </section>
  );
}

function FeaturedBody({ data, fetchedAt, refetch }: { data: Featured; fetchedAt: number; refetch: () => unknown }) {
  const left = useRotationCountdown(data, fetchedAt);
  useEffect(() => {
    if (left <= 0) void refetch();
  }, [left, refetch]);
  const share = Math.round(data.bonus.share * 1000) / 10;
  return (
    <>
      <p className="featured-bonus">
        Back a featured performer — a Win bet on the featured horse, or on a horse ridden, trained or owned by the
        featured jockey, trainer or owner — and if it wins you receive a bonus of {share}% of the win payout (up to{' '}
        {formatCents(data.bonus.cap_cents)}), credited once per bet to your wallet as “Featured bonus”.
      </p>
      <p className="featured-rotation" aria-live="off">
        Next rotation in <strong>{formatCountdown(left)}</strong>
      </p>
      {data.performers.length === 0 ? (
        <p>Nobody is featured right now: no races are on today's cards.</p>
      ) : (
        <ul className="cards">
          {data.performers.map((p) => (
            <Performer key={p.role} performer={p} />
          ))}
        </ul>
      )}
    </>
  );
}

function Performer({ performer }: { performer: FeaturedPerformer }) {
  const shown = performer.runs.slice(0, RUNS_SHOWN);
  const more = performer.runs.length - shown.length;
  return (
    <li className="card">
      <span className="card-kicker">{KICKER[performer.role]}</span>
      <Link to={`/${PAGE[performer.role]}/${performer.id}`}>{performer.name}</Link>
      {shown.length === 0 ? (
        <span className="card-figure">No more runs today.</span>
      ) : (
        <ul className="featured-runs">
          {shown.map((run) => (
            <li key={`${run.current_race_id}-${run.post_position}`}>
              {formatTimeOfDay(run.post_time)}: <Link to={`/race/${run.current_race_id}`}>Race {run.race_number}</Link>{' '}
              at {run.track_name}
              {performer.role === 'horse' ? '' : ` (${run.horse_name})`}
            </li>
          ))}
          {more > 0 ? <li>and {more} more today</li> : null}
        </ul>
      )}
    </li>
  );
}

/** Milliseconds to the next rotation by the server's clock (its answer's time, moved on by the local clock). */
function useRotationCountdown(data: Featured, fetchedAt: number): number {
  const [wallNow, setWallNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setWallNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const serverNow = Date.parse(data.server_time) + Math.max(0, wallNow - fetchedAt);
  return Math.max(0, Date.parse(data.until) - serverNow);
}
