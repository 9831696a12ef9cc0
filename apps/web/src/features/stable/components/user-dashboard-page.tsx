import type { StableDashboard, StableEntry, StableHorse } from '@furlong/contracts';
import { ordinal } from '@furlong/domain';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { StatCards } from '../../../components/ui/stat-cards';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { TimeOfDay } from '../../../components/ui/time-of-day';
import { formatCents, formatNumber } from '../../../lib/format';
import { useSettings } from '../../../lib/settings';
import { useWithdrawEntry } from '../api/enter-race';
import { STABLE_REFRESH_MS, useStableDashboard } from '../api/stable-dashboard';
import { EntryRaceLink } from './entry-race-link';
import { formLine, HorseCard } from './horse-card';
import { CARE_LINKS, capitalise, STABLE_MESSAGES } from './stable-messages';

type EntryGroup = 'upcoming' | 'running' | 'resulted';

const GROUPS: { group: EntryGroup; title: string; empty: string }[] = [
  { group: 'running', title: 'Running now', empty: 'None of your horses is running right now.' },
  { group: 'upcoming', title: 'Upcoming', empty: 'No upcoming entries. Enter a horse in a race.' },
  { group: 'resulted', title: 'Results', empty: 'No results yet.' },
];

function groupOf(entry: StableEntry): EntryGroup {
  if (entry.race_status === 'running') return 'running';
  if (entry.race_status === 'finished' || entry.race_status === 'cancelled' || entry.refunded) return 'resulted';
  return 'upcoming';
}

function outcome(entry: StableEntry): string {
  if (entry.refunded)
    return entry.race_status === 'cancelled' ? 'Race cancelled, fee refunded' : 'Scratched, fee refunded';
  if (entry.finish_position !== null) return ordinal(entry.finish_position);
  return capitalise(entry.race_status);
}

/** Withdraw, while the race has not opened: the horse leaves the field and the fee comes back. */
function WithdrawButton({ entry }: { entry: StableEntry }) {
  const withdraw = useWithdrawEntry();
  if (entry.race_status !== 'scheduled' || entry.refunded || entry.finish_position !== null) return null;
  return (
    <>
      {' '}
      <button
        type="button"
        className="button small secondary"
        disabled={withdraw.isPending}
        aria-label={`Withdraw ${entry.horse_name} from ${entry.track_name} race ${entry.race_number}`}
        onClick={() => withdraw.mutate(entry.id)}
      >
        {withdraw.isPending ? 'Withdrawing…' : 'Withdraw'}
      </button>
      {withdraw.isError ? <ErrorMessage error={withdraw.error} text="Could not withdraw" /> : null}
    </>
  );
}

function EntriesTable({ entries, title }: { entries: StableEntry[]; title: string }) {
  return (
    <div className="table-scroll">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Horse</th>
            <th scope="col">Race</th>
            <th scope="col">Post time</th>
            <th scope="col" className="num">
              Post
            </th>
            <th scope="col">Status / finish</th>
            <th scope="col" className="num">
              Fee
            </th>
            <th scope="col" className="num">
              Purse
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <th scope="row">{e.horse_name}</th>
              <td>
                <EntryRaceLink entry={e} />
              </td>
              <td>
                <TimeOfDay at={e.post_time} date />
              </td>
              <td className="num">{e.post_position}</td>
              <td>
                {outcome(e)}
                <WithdrawButton entry={e} />
              </td>
              <td className="num">{formatCents(e.fee_cents)}</td>
              <td className="num">{e.purse_cents === null ? '—' : formatCents(e.purse_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NextEntry({ horse }: { horse: StableHorse }) {
  const next = horse.next_entry;
  if (!next) return <p className="hint">No race entered.</p>;
  return (
    <p className="hint">
      Next: <EntryRaceLink entry={next} />, post <TimeOfDay at={next.post_time} />, post position {next.post_position}
    </p>
  );
}

function HorsesSection({ data }: { data: StableDashboard }) {
  return (
    <section aria-labelledby="stable-horses">
      <h2 id="stable-horses">
        Horses{' '}
        <span className="hint">
          ({data.horses.length} of {data.limits.horses_max})
        </span>
      </h2>
      <ul className="horse-grid">
        {data.horses.map((horse) => (
          <li key={horse.id}>
            <HorseCard horse={horse} details={false} headingLevel={3}>
              <p className="hint">
                Form: {formLine(horse.record)} ·{' '}
                <Link to={`/page-horse/${horse.id}`}>
                  Past performances <span className="visually-hidden">of {horse.horse_name}</span>
                </Link>
              </p>
              <NextEntry horse={horse} />
              <p className="button-row">
                <Link className="button small" to={`/enter-race?horseId=${horse.id}`}>
                  Enter race <span className="visually-hidden">with {horse.horse_name}</span>
                </Link>
                {CARE_LINKS.map((l) => (
                  <Link key={l.to} className="button small secondary" to={`${l.to}?horseId=${horse.id}`}>
                    {l.label} <span className="visually-hidden">{horse.horse_name}</span>
                  </Link>
                ))}
              </p>
            </HorseCard>
          </li>
        ))}
      </ul>
    </section>
  );
}

function EntriesSection({ entries }: { entries: StableEntry[] }) {
  return (
    <section aria-labelledby="stable-entries">
      <h2 id="stable-entries">Entries</h2>
      {entries.length === 0 ? (
        <EmptyState>
          No entries yet. <Link to="/enter-race">Enter a horse in a race</Link>.
        </EmptyState>
      ) : (
        GROUPS.map(({ group, title, empty }) => {
          const rows = entries.filter((e) => groupOf(e) === group);
          if (rows.length === 0)
            return group === 'running' ? null : <p key={group} className="hint">{`${title}: ${empty}`}</p>;
          return <EntriesTable key={group} entries={rows} title={title} />;
        })
      )}
    </section>
  );
}

/** The notices of a horse running (its entry, its race about to go off, its result): the settings may hide them. */
const RUNNING_NOTICES: readonly string[] = ['entered', 'next_to_post', 'result'];

function NoticesSection({ notices: all }: { notices: StableDashboard['notices'] }) {
  const running = useSettings().notify_own_horse_running;
  const notices = running ? all : all.filter((n) => !RUNNING_NOTICES.includes(n.kind));
  return (
    <section aria-labelledby="stable-notices">
      <h2 id="stable-notices">Notices</h2>
      {running ? null : (
        <p className="hint">
          Notices of your horses running are off in your <Link to="/user-settings">settings</Link>.
        </p>
      )}
      {notices.length === 0 ? (
        <EmptyState>No notices yet: entries, results, refunds and foals show here.</EmptyState>
      ) : (
        <ul className="stable-notices" aria-labelledby="stable-notices">
          {notices.map((n) => (
            <li key={n.id} className={`stable-notice stable-notice-${n.kind}`}>
              <span className="hint">
                <TimeOfDay at={n.at} date />
              </span>{' '}
              {n.message}
              {n.current_race_id !== null ? (
                <>
                  {' '}
                  <Link to={`/race-card?raceId=${n.current_race_id}`}>Race card</Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /user-dashboard — My stable: the user's horses (form, rating, condition, next entry, earnings),
 * entries by state, money spent and won, and notices; read again every 15 s so entries and
 * notices move on while it is open.
 */
export function UserDashboardPage() {
  const stable = useStableDashboard({ refetchInterval: STABLE_REFRESH_MS });
  const actions = (
    <div className="button-row">
      <Link className="button" to="/create-horse">
        Create Horse
      </Link>
      <Link className="button secondary" to="/enter-race">
        Enter Race
      </Link>
      <Link className="button secondary" to="/breeding">
        Breeding
      </Link>
    </div>
  );
  if (stable.isPending) {
    return (
      <Page title="My Stable" actions={actions}>
        <Loading text={STABLE_MESSAGES.loadingStable} />
      </Page>
    );
  }
  if (!stable.data) {
    return (
      <Page title="My Stable" actions={actions}>
        <ErrorMessage error={stable.error} text={STABLE_MESSAGES.stableFailed} />
      </Page>
    );
  }
  const data = stable.data;
  const net = data.money.won_cents - data.money.spent_cents;
  return (
    <Page title="My Stable" actions={actions}>
      {stable.isError ? <ErrorMessage error={stable.error} text="Could not refresh your stable." /> : null}
      <StatCards
        label="Your stable in figures"
        cards={[
          { label: 'Horses', value: `${formatNumber(data.horses.length)} of ${formatNumber(data.limits.horses_max)}` },
          { label: 'Money spent', value: formatCents(data.money.spent_cents), detail: 'fees, care, equipment, stud' },
          { label: 'Money won', value: formatCents(data.money.won_cents), detail: 'purses and stud fees' },
          { label: 'Net', value: formatCents(net) },
          {
            label: 'Entry fee',
            value: formatCents(data.fees.entry_fee_cents),
            detail: `created today: ${data.limits.created_today} of ${data.limits.created_per_day_max}`,
          },
        ]}
      />
      {data.horses.length === 0 ? (
        <EmptyState>
          {STABLE_MESSAGES.noHorses} <Link to="/create-horse">Create your first horse</Link> to start racing.
        </EmptyState>
      ) : (
        <HorsesSection data={data} />
      )}
      <EntriesSection entries={data.entries} />
      <NoticesSection notices={data.notices} />
    </Page>
  );
}
