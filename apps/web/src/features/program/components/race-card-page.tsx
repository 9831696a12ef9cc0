import type { CurrentRaceDetail } from '@furlong/contracts';
import { type ComponentType, type ReactNode, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useCurrentRace } from '../../../api/current-race';
import { BackButton, Page } from '../../../components/ui/page';
import { type LiveOddsByPost, RunnersTable } from '../../../components/ui/runners-table';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { TimeOfDay } from '../../../components/ui/time-of-day';
import { RACE_CARD_REFRESH_MS } from '../../../config/ui';
import { ApiError } from '../../../lib/api-client';
import { formatCents, formatTimeOfDay } from '../../../lib/format';
import { useRaceContext } from '../../../lib/race-context';
import { useServerNow } from '../../../lib/server-clock';
import { hasRole, useSession } from '../../../lib/session';
import { formatDistance, parseId, postCountdown, raceStatusText } from './race-clock';
import { RaceStateButtons } from './race-state-buttons';
import { ScratchControl } from './scratch-control';

/**
 * A source of live win odds for a race (the app passes the wagering feature's tote): it renders its
 * children with the odds by program number, or null while there are none.
 */
export type LiveOddsSource = ComponentType<{ raceId: number; children: (odds: LiveOddsByPost | null) => ReactNode }>;

/** Spec §8, race card. */
export const RACE_CARD_MESSAGES = {
  noData: 'No race data available.',
  loading: 'Loading race data...',
} as const;

/**
 * /race-card?raceId={id}&trackId={id}: a current race as a program shows it — class, conditions,
 * and per runner the saddle cloth, morning line, live odds, age, sex, weight, connections and form —
 * with a countdown to post, refreshed every 3 s; it becomes the shared race context the wagering
 * pages read. The app passes the live tote (`tote`, from the wagering feature) shown under the
 * runners and the live odds beside them (`odds`).
 */
export function RaceCardPage({
  tote: Tote,
  odds: Odds,
}: {
  tote?: ComponentType<{ raceId: number }>;
  odds?: LiveOddsSource;
} = {}) {
  const [params] = useSearchParams();
  const raceId = parseId(params.get('raceId'));
  // The race card is refreshed every 3 s (spec §4).
  const race = useCurrentRace(raceId, { refetchInterval: RACE_CARD_REFRESH_MS });
  const data = race.data;

  const update = useRaceContext((s) => s.update);
  useEffect(() => {
    if (!data) return;
    update({
      currentRaceId: data.id,
      trackId: data.track_id,
      trackName: data.track_name,
      postTime: data.post_time,
      horseIds: data.entries.map((e) => e.horse_id),
      horseNames: data.entries.map((e) => e.horse_name),
    });
  }, [data, update]);

  const buttons = <RaceButtons race={data} />;

  if (raceId === null || (race.isError && !data && race.error instanceof ApiError && race.error.status === 404)) {
    return (
      <Page title="Race Card">
        <EmptyState>{RACE_CARD_MESSAGES.noData}</EmptyState>
        {buttons}
      </Page>
    );
  }
  if (race.isPending) {
    return (
      <Page title="Race Card">
        <Loading text={RACE_CARD_MESSAGES.loading} />
        {buttons}
      </Page>
    );
  }
  if (!data) {
    return (
      <Page title="Race Card">
        <ErrorMessage error={race.error} text="Unable to load the race." />
        {buttons}
      </Page>
    );
  }

  return (
    <Page title={`${data.race_name}: ${data.race_title}`}>
      {race.isRefetchError ? <ErrorMessage error={race.error} text="Could not refresh the race card." /> : null}
      <p className="race-conditions">{data.conditions}</p>
      <div className="race-card-top">
        <RaceDetails race={data} />
        <RaceClock race={data} />
      </div>
      {buttons}
      {Odds ? <Odds raceId={data.id}>{(odds) => <Entries race={data} odds={odds} />}</Odds> : <Entries race={data} />}
      {Tote ? <Tote raceId={data.id} /> : null}
    </Page>
  );
}

/** The race's own buttons (by its state), then the wagering and handicapping pages and Go Back. */
function RaceButtons({ race }: { race: CurrentRaceDetail | undefined }) {
  return (
    <p className="button-row program-toolbar">
      {race ? <RaceStateButtons raceId={race.id} status={race.status} /> : null}
      <Link className="button secondary" to="/bet-odds">
        Bet Odds
      </Link>
      <Link className="button secondary" to={race ? `/predict-race?raceId=${race.id}` : '/predict-race'}>
        Predict Race
      </Link>
      <Link className="button secondary" to="/morning-line-odds">
        Morning Line Odds
      </Link>
      <BackButton />
    </p>
  );
}

function RaceDetails({ race }: { race: CurrentRaceDetail }) {
  const rows: [string, ReactNode][] = [
    ['Race', `${race.race_name} (race ${race.race_number})`],
    ['Class', race.race_class],
    [
      'Track',
      <Link key="track" to={`/page-track/${race.track_id}`}>
        {race.track_name}
      </Link>,
    ],
    ['Date', race.race_date],
    ['Post time', <TimeOfDay key="post" at={race.post_time} trackOffset={race.utc_offset_minutes} />],
    ['Distance', formatDistance(race.furlongs, race.miles)],
    ['Surface', race.surface_type],
    ['Condition', race.track_condition],
    ['Weather', race.weather],
    ['Purse', formatCents(race.purse_cents)],
    ['Status', raceStatusText(race.status, race.cancel_reason)],
  ];
  if (race.seed_hash)
    rows.push([
      'Seed hash',
      <code key="seed" className="seed-hash">
        {race.seed_hash}
      </code>,
    ]);
  return (
    <table className="key-values race-details">
      <caption>Race details</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The server's clock and the countdown to post; once post time is reached it says so, never counting to tomorrow. */
function RaceClock({ race }: { race: CurrentRaceDetail }) {
  const now = useServerNow();
  const countdown = postCountdown(race.post_time, now);
  return (
    <section className="race-clock" aria-label="Race clock">
      <p>
        <span className="live-clock-label">Time</span>{' '}
        <time dateTime={new Date(now).toISOString()}>{formatTimeOfDay(now, { seconds: true })}</time>
      </p>
      <p>
        <span className="live-clock-label">Post time</span> <TimeOfDay at={race.post_time} />
      </p>
      {countdown.passed ? (
        <>
          <p className="countdown passed">{countdown.text}</p>
          <p className="countdown-status">
            {race.status === 'running'
              ? "They're off — Running"
              : `Status: ${raceStatusText(race.status, race.cancel_reason)}`}
          </p>
        </>
      ) : (
        <p>
          <span className="live-clock-label">To post</span>{' '}
          <span className="countdown" role="timer" aria-label="Countdown to post">
            {countdown.text}
          </span>
        </p>
      )}
    </section>
  );
}

// `odds` undefined: no live odds column (no tote in this app); null: the column, odds not in yet.
// A scratched runner shows SCR and its reason; an admin may scratch a runner until the off.
function Entries({ race, odds }: { race: CurrentRaceDetail; odds?: LiveOddsByPost | null }) {
  const admin = hasRole(useSession(), ['admin']);
  const runners = race.entries.map((e) => ({ ...e, scratched: e.scratch !== null, scratch_reason: e.scratch?.reason }));
  const starters = runners.filter((r) => !r.scratched).length;
  const scratchable = admin && (race.status === 'scheduled' || race.status === 'open');
  return (
    <RunnersTable
      runners={runners}
      caption={`Entries (${race.entries.length}${starters < race.entries.length ? `, ${starters} starters` : ''})`}
      liveOdds={odds}
      actions={
        scratchable
          ? {
              label: 'Scratch',
              cell: (r) =>
                r.scratched ? null : (
                  <ScratchControl raceId={race.id} postPosition={r.post_position} horseName={r.horse_name} />
                ),
            }
          : undefined
      }
    />
  );
}
