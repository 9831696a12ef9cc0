import type { FairOddsRunner, RaceFairOdds } from '@furlong/contracts';
import { isOverlay } from '@furlong/domain';

/** A race's fair odds as the win odds table reads them: by program number once in, else why not. */
export interface FairOddsView {
  state: 'loading' | 'ready' | 'pending' | 'none';
  byPost: ReadonlyMap<number, FairOddsRunner>;
  runs: number | null;
  /** Expected return over $1 that live odds must beat fair odds by to be an overlay. */
  margin: number;
}

const NONE: ReadonlyMap<number, FairOddsRunner> = new Map();

/** The fair-odds query's answer as the table shows it (anything but a ready answer shows no figures). */
export function fairOddsView(data: RaceFairOdds | undefined, isPending: boolean): FairOddsView {
  if (data?.status === 'ready' && Array.isArray(data.runners)) {
    return {
      state: 'ready',
      byPost: new Map(data.runners.map((r) => [r.post_position, r])),
      runs: data.runs,
      margin: data.overlay_margin,
    };
  }
  const state = isPending && !data ? 'loading' : data?.status === 'pending' ? 'pending' : 'none';
  return { state, byPost: NONE, runs: null, margin: data?.overlay_margin ?? 0 };
}

const percent = (p: number) => `${(p * 100).toFixed(1)}%`;

export const OVERLAY_TITLE = 'Overlay: the live odds pay more than the engine’s fair odds';

/**
 * The fair odds of one runner: tote-style odds with the win chance beside them, and the chance's
 * standard error in the tooltip.
 */
export function FairOddsCell({ view, post }: { view: FairOddsView; post: number }) {
  if (view.state === 'loading') return <td className="odds-cell fair-odds">…</td>;
  if (view.state === 'pending') return <td className="odds-cell fair-odds pending">Pending</td>;
  const runner = view.byPost.get(post);
  if (!runner) return <td className="odds-cell fair-odds">—</td>;
  return (
    <td
      className="odds-cell fair-odds"
      title={`Win chance ${percent(runner.win_probability)} ± ${percent(runner.win_standard_error)} over ${view.runs ?? 0} simulated runs`}
    >
      {runner.win_fair_odds_display ?? '—'} <span className="fair-chance">({percent(runner.win_probability)})</span>
    </td>
  );
}

/**
 * Whether a runner's live win odds (to 1, from the board as it stands now) are an overlay on its
 * fair odds, by the domain's rule and the server's margin.
 */
export function overlayOf(view: FairOddsView, post: number, liveOdds: number | null): boolean {
  const runner = view.byPost.get(post);
  return runner !== undefined && isOverlay(liveOdds, runner.win_fair_odds, view.margin);
}

/** The badge beside live odds that beat the fair odds. */
export function OverlayBadge() {
  return (
    <span className="overlay-badge" title={OVERLAY_TITLE}>
      Overlay
    </span>
  );
}

/** What the Fair column means, and what an overlay is; or why there are no fair odds yet. */
export function FairOddsLegend({ view }: { view: FairOddsView }) {
  const text = {
    loading: 'Loading fair odds…',
    pending: 'The engine is simulating this race: fair odds follow in a few seconds.',
    none: 'No fair odds for this race: they are made when betting opens.',
    ready: `Fair: the odds at which a win bet breaks even, from ${(view.runs ?? 0).toLocaleString('en-US')} simulated runs of this race (win chance in brackets). `,
  }[view.state];
  return (
    <p className="hint fair-odds-legend">
      {text}
      {view.state === 'ready' ? (
        <>
          <OverlayBadge /> live odds that return at least {Math.round(view.margin * 100)}¢ more per $1 than the fair
          odds on average.
        </>
      ) : null}
    </p>
  );
}
