import type { OpsInstance } from '@furlong/contracts';
import { formatNumber, formatTimeOfDay } from '../../../lib/format';
import { formatClock, formatMegabytes, formatMs, formatRate } from './ops-format';

/** Every server instance, one row each: a silent one in red, a stopped one in grey. */
export function OpsInstances({ instances }: { instances: readonly OpsInstance[] }) {
  return (
    <section className="ops-section" aria-labelledby="ops-instances">
      <h2 id="ops-instances">Instances</h2>
      <div className="table-scroll">
        <table aria-labelledby="ops-instances">
          <thead>
            <tr>
              <th scope="col">Instance</th>
              <th scope="col">Status</th>
              <th scope="col">Started</th>
              <th scope="col">Leases</th>
              <th scope="col">Sockets</th>
              <th scope="col">Frames/s</th>
              <th scope="col">Bets/s</th>
              <th scope="col">Tick p99</th>
              <th scope="col">Loop lag p99</th>
              <th scope="col">Heap</th>
              <th scope="col">DB pool in use / waiting</th>
            </tr>
          </thead>
          <tbody>
            {instances.map((instance) => (
              <InstanceRow key={instance.id} instance={instance} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const ROW_CLASS: Record<OpsInstance['status'], string | undefined> = {
  up: undefined,
  silent: 'ops-row-alert',
  stopped: 'ops-row-stopped',
};

function InstanceRow({ instance: i }: { instance: OpsInstance }) {
  return (
    <tr className={ROW_CLASS[i.status]}>
      <th scope="row">{i.id}</th>
      <td>
        {i.status === 'silent' ? (
          <span className="status-error">
            silent since <time dateTime={i.reported_at}>{formatClock(i.reported_at)}</time>
          </span>
        ) : i.status === 'stopped' ? (
          <span className="ops-stopped">stopped</span>
        ) : (
          <span className="status-ok">up</span>
        )}
      </td>
      <td>
        <time dateTime={i.started_at} title={formatTimeOfDay(i.started_at, { date: true, seconds: true })}>
          {formatClock(i.started_at)}
        </time>
      </td>
      <td>
        {i.leases.length}
        {i.leases.length > 0 ? <span className="hint"> ({i.leases.join(', ')})</span> : null}
      </td>
      <td className="num">{formatNumber(i.sockets)}</td>
      <td className="num">{formatRate(i.frames_per_second)}</td>
      <td className="num">{formatRate(i.bets_per_second)}</td>
      <td className={i.late_since ? 'num status-error' : 'num'}>
        {formatMs(i.tick_lateness_p99_ms)}
        {i.late_since ? (
          <>
            {' '}
            late since <time dateTime={i.late_since}>{formatClock(i.late_since)}</time>
          </>
        ) : null}
      </td>
      <td className="num">{formatMs(i.event_loop_lag_p99_ms)}</td>
      <td className="num">{formatMegabytes(i.heap_used_bytes)}</td>
      <td className={i.db_pool.waiting > 0 ? 'num status-error' : 'num'}>
        {i.db_pool.in_use} / {i.db_pool.waiting}
      </td>
    </tr>
  );
}
