import { SCAN_FAILED_MESSAGE, type ScanReport } from '@furlong/contracts';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { formatTimeOfDay } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useLastScan, useRunScan } from '../api/scan-insert';
import './audit.css';

/** A report as text, a line per check: "current_races: tracks without today's card — found 3, repaired 3 (…)". */
export function reportText(report: ScanReport): string {
  const head = `Ran ${report.ran_at.slice(0, 10)} ${formatTimeOfDay(report.ran_at)} by ${report.ran_by} in ${report.duration_ms} ms.`;
  const lines = report.checks.map(
    (c) => `${c.table}: ${c.check} — found ${c.found}, repaired ${c.fixed}${c.note ? ` (${c.note})` : ''}`,
  );
  const total = report.checks.reduce((sum, c) => sum + c.found, 0);
  return [head, ...lines, total === 0 ? 'Nothing to repair.' : ''].filter(Boolean).join('\n');
}

/**
 * Scan and insert (issue 21, admins): runs the job that looks for the gaps a racing database
 * accumulates (tracks without today's card, races that missed their post, horses without past
 * performances) and repairs what can be derived; shows the report as text, the latest one on load.
 */
export function ScanInsertPage() {
  const session = useSession();
  const isAdmin = session?.role === 'admin';
  const last = useLastScan(isAdmin);
  const run = useRunScan();
  if (!isAdmin) {
    return (
      <Page title="Scan and Insert">
        <p className="status status-error">This page is for administrators.</p>
      </Page>
    );
  }
  const report = last.data?.report ?? null;
  return (
    <Page title="Scan and Insert">
      <p>
        Looks for what a racing database misses when the server was down or not racing, and makes it from what is there.
        Running it again finds nothing. Each run is kept in the <Link to="/admin/audit">audit log</Link>.
      </p>
      <button type="button" className="button" disabled={run.isPending} onClick={() => run.mutate()}>
        {run.isPending ? 'Scanning…' : 'Run scan and insert'}
      </button>
      {run.isPending ? <Loading text="Scanning the data…" /> : null}
      {run.isError ? <ErrorMessage text={SCAN_FAILED_MESSAGE} error={run.error} /> : null}
      {report?.error ? <p className="status status-error">{report.error}</p> : null}
      {last.isPending ? <Loading text="Loading the last report…" /> : null}
      {last.isError ? <ErrorMessage error={last.error} text="The last report could not be loaded." /> : null}
      {last.isSuccess && !report ? <p className="hint">It has not been run yet.</p> : null}
      {report ? (
        <section aria-label="Scan report">
          <h2>{run.isSuccess ? 'This run' : 'The last run'}</h2>
          <pre className="audit-change">{reportText(report)}</pre>
        </section>
      ) : null}
    </Page>
  );
}
