import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ScratchedList } from '../../../components/ui/scratched-list';
import { ErrorMessage, Loading, ReconnectingNotice } from '../../../components/ui/status';
import { useLiveTote } from '../hooks/use-live-tote';
import { WinOdds } from './bet-odds-page';

/** The race card's live tote: win odds beside the morning line and the money in the win, place and show pools. */
export function RaceTote({ raceId }: { raceId: number }) {
  const { tote, live, error, isPending } = useLiveTote(raceId);
  return (
    <section className="tote-board race-tote" aria-label="Tote board">
      <h2>Tote board</h2>
      <ReconnectingNotice what="the live tote" />
      {isPending ? (
        <Loading text="Loading the tote board..." />
      ) : !tote ? (
        <ErrorMessage error={error} text="The tote board is not available." />
      ) : (
        <>
          <WinOdds tote={tote} live={live} />
          <ScratchedList scratched={tote.scratched} headingLevel={3} />
          <p>
            <Link to={`/bet-odds?raceId=${raceId}`}>All pools and probables</Link>
          </p>
        </>
      )}
    </section>
  );
}

/**
 * The live win odds of a race by program number ('8-5', null for a horse nobody has backed), from
 * the same live tote: renders `children` with them, or with null until the board is in. The race
 * card shows them beside its runners.
 */
export function LiveWinOdds({
  raceId,
  children,
}: {
  raceId: number;
  children: (odds: Readonly<Record<number, string | null>> | null) => ReactNode;
}) {
  const { tote } = useLiveTote(raceId);
  const odds = tote ? Object.fromEntries(tote.runners.map((r) => [r.post_position, r.win_odds_display])) : null;
  return <>{children(odds)}</>;
}
