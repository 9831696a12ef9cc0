import type { OpsAlert } from '@furlong/contracts';
import { formatAge, formatClock } from './ops-format';

/** What each kind of alert means, in words. */
export const ALERT_KINDS: Record<OpsAlert['kind'], string> = {
  job_failing: 'Job failing',
  tick_late: 'Race ticks late',
  instance_silent: 'Instance not reporting',
  settlement_late: 'Settlement behind',
};

/**
 * What is red now, each with since when and for how long (by the snapshot's clock, `at`); a calm line
 * when nothing is. Not a live region: the durations change every second and would be read out each time.
 */
export function OpsAlerts({ alerts, at }: { alerts: readonly OpsAlert[]; at: string }) {
  return (
    <section className="ops-alerts" aria-label="Alerts">
      {alerts.length === 0 ? (
        <p className="ops-all-clear">All clear: nothing is red.</p>
      ) : (
        <ul>
          {alerts.map((alert) => (
            <li key={`${alert.kind}:${alert.subject}`} className="ops-alert status-error">
              <span className="ops-alert-what">
                <strong>{ALERT_KINDS[alert.kind]}</strong> · {alert.subject}
              </span>
              <span className="ops-alert-message">{alert.message}</span>
              <span className="ops-alert-since">
                since <time dateTime={alert.since}>{formatClock(alert.since)}</time> (
                {formatAge(Date.parse(at) - Date.parse(alert.since))} ago)
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
