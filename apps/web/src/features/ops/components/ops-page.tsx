import { CURRENT_RACE_STATUSES, type CurrentRaceStatus, type OpsSnapshot } from '@furlong/contracts';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, Loading } from '../../../components/ui/status';
import { formatCountdown, formatNumber, formatTimeOfDay } from '../../../lib/format';
import type { OpsLiveState } from '../hooks/ops-live-store';
import { useOpsLive } from '../hooks/use-ops-live';
import { OpsAlerts } from './ops-alerts';
import { OpsFigures } from './ops-figures';
import { formatClock } from './ops-format';
import { OpsInstances } from './ops-instances';
import { OpsQueues } from './ops-queues';

export const OPS_WAITING = 'Waiting for the first figures...';

/**
 * /admin/ops (operators and admins): the whole deployment live, from the snapshot the ops room
 * sends each second: what is red, the races, the figures with two minutes of charts, who watches
 * which race, the queues and every server instance.
 */
export function OpsPage() {
  const live = useOpsLive();
  const { snapshot, connection } = live;
  return (
    <Page title="Operations" actions={<OpsLinks boardPath={snapshot?.queues.board_path ?? null} />}>
      <LiveStatus state={live} />
      {connection.kind === 'refused' ? (
        <p className="status status-error" role="alert">
          The live figures were refused: {connection.message}
        </p>
      ) : null}
      {snapshot ? <OpsBody snapshot={snapshot} history={live.history} /> : null}
      {!snapshot && connection.kind !== 'refused' ? <Loading text={OPS_WAITING} /> : null}
    </Page>
  );
}

function OpsLinks({ boardPath }: { boardPath: string | null }) {
  return (
    <nav className="button-row" aria-label="Operations tools">
      {/* The queue board is served by the server itself, not by this app's router. */}
      {boardPath ? (
        <a className="button secondary small" href={boardPath}>
          Queue board
        </a>
      ) : (
        <Link className="button secondary small" to="/admin/ops/jobs">
          Jobs
        </Link>
      )}
      <Link className="button secondary small" to="/endpoint-test">
        Endpoint Test
      </Link>
      <Link className="button secondary small" to="/app-test">
        App Test
      </Link>
    </nav>
  );
}

/** Live, stale (no snapshot for 3 s), disconnected or refused, and how many instances there are. */
function LiveStatus({ state }: { state: OpsLiveState }) {
  const { connection, snapshot, stale } = state;
  let tone: 'live' | 'stale' | 'down' | 'waiting';
  let text: string;
  if (connection.kind === 'refused') {
    tone = 'down';
    text = 'Refused';
  } else if (connection.kind === 'disconnected') {
    tone = 'down';
    text = `Disconnected since ${formatClock(connection.since)}`;
  } else if (!snapshot) {
    tone = 'waiting';
    text = 'Connecting';
  } else if (stale) {
    tone = 'stale';
    text = `Stale since ${formatClock(snapshot.at)}`;
  } else if (connection.kind === 'connecting') {
    tone = 'waiting';
    text = `Connecting · figures of ${formatClock(snapshot.at)}`;
  } else {
    tone = 'live';
    text = `Live · updated ${formatClock(snapshot.at)}`;
  }
  const instances = snapshot?.instances ?? [];
  const up = instances.filter((i) => i.status === 'up').length;
  return (
    <p className="ops-live">
      <span className={`ops-dot ops-dot-${tone}`} aria-hidden="true" />
      <span data-testid="ops-live-status">{text}</span>
      {snapshot ? (
        <span className="ops-instance-count">
          {instances.length} {instances.length === 1 ? 'instance' : 'instances'}
          {up < instances.length ? ` (${up} up)` : null}
        </span>
      ) : null}
    </p>
  );
}

function OpsBody({ snapshot, history }: { snapshot: OpsSnapshot; history: readonly OpsSnapshot[] }) {
  return (
    <>
      <OpsAlerts alerts={snapshot.alerts} at={snapshot.at} />
      <OpsRaces races={snapshot.races} />
      <OpsFigures snapshot={snapshot} history={history} />
      <div className="ops-columns">
        <OpsViewers viewers={snapshot.viewers} />
        <OpsQueues queues={snapshot.queues} />
      </div>
      <OpsInstances instances={snapshot.instances} />
    </>
  );
}

const STATE_LABELS: Record<CurrentRaceStatus, string> = {
  scheduled: 'Scheduled',
  open: 'Open',
  closed: 'Closed',
  running: 'Running',
  finished: 'Finished',
  cancelled: 'Cancelled',
};

function OpsRaces({ races }: { races: OpsSnapshot['races'] }) {
  const next = races.next_off;
  return (
    <section className="ops-section" aria-labelledby="ops-races">
      <h2 id="ops-races">Races today</h2>
      <dl className="ops-counts">
        {CURRENT_RACE_STATUSES.map((state) => (
          <div key={state}>
            <dt>{STATE_LABELS[state]}</dt>
            <dd>{formatNumber(races.by_state[state] ?? 0)}</dd>
          </div>
        ))}
      </dl>
      {next ? (
        <p className="ops-next-off">
          Next off: <Link to={`/race/${next.race_id}`}>{next.race_name}</Link> at {next.track_name}, post{' '}
          <time dateTime={next.post_time}>{formatTimeOfDay(next.post_time, { seconds: true })}</time>,{' '}
          <span role="timer" aria-label="Time to the next off">
            {next.seconds_to_off > 0 ? `in ${formatCountdown(next.seconds_to_off * 1000)}` : 'at the post'}
          </span>
        </p>
      ) : (
        <p className="hint">No race is scheduled to go off.</p>
      )}
    </section>
  );
}

function OpsViewers({ viewers }: { viewers: OpsSnapshot['viewers'] }) {
  return (
    <section className="ops-section" aria-labelledby="ops-viewers">
      <h2 id="ops-viewers">Viewers per race</h2>
      {viewers.length === 0 ? (
        <EmptyState>Nobody is watching a race</EmptyState>
      ) : (
        <div className="table-scroll">
          <table aria-labelledby="ops-viewers">
            <thead>
              <tr>
                <th scope="col">Race</th>
                <th scope="col">Viewers</th>
              </tr>
            </thead>
            <tbody>
              {viewers.map((v) => (
                <tr key={v.race_id}>
                  <td>
                    <Link to={`/race/${v.race_id}`}>Race {v.race_id}</Link>
                  </td>
                  <td className="num">{formatNumber(v.viewers)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
