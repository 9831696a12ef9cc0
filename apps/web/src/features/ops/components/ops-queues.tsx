import type { OpsSnapshot } from '@furlong/contracts';
import { formatNumber } from '../../../lib/format';
import { formatClock } from './ops-format';

const DRIVERS: Record<OpsSnapshot['queues']['driver'], string> = {
  bullmq: 'BullMQ (Redis)',
  'in-process': 'In-process (no Redis)',
};

/** The job queue: its driver, its counts, and the jobs that failed in the last 15 minutes (in red). */
export function OpsQueues({ queues }: { queues: OpsSnapshot['queues'] }) {
  const counts = [
    ['Waiting', queues.jobs.waiting],
    ['Delayed', queues.jobs.delayed],
    ['Active', queues.jobs.active],
    ['Failed', queues.jobs.failed],
  ] as const;
  return (
    <section className="ops-section" aria-labelledby="ops-queues">
      <h2 id="ops-queues">Queues</h2>
      <p>
        Driver: <strong>{DRIVERS[queues.driver]}</strong>
      </p>
      <dl className="ops-counts">
        {counts.map(([label, count]) => (
          <div key={label} className={label === 'Failed' && count > 0 ? 'status-error' : undefined}>
            <dt>{label}</dt>
            <dd>{formatNumber(count)}</dd>
          </div>
        ))}
      </dl>
      {queues.failures.length === 0 ? (
        <p className="ops-all-clear">No job failed in the last 15 minutes.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <caption>Job failures in the last 15 minutes</caption>
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">Failures</th>
                <th scope="col">Since</th>
                <th scope="col">Last</th>
              </tr>
            </thead>
            <tbody>
              {queues.failures.map((f) => (
                <tr key={f.job} className="ops-row-alert status-error">
                  <th scope="row">{f.job}</th>
                  <td className="num">{formatNumber(f.recent)}</td>
                  <td>
                    <time dateTime={f.since}>{formatClock(f.since)}</time>
                  </td>
                  <td>
                    <time dateTime={f.last_at}>{formatClock(f.last_at)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
