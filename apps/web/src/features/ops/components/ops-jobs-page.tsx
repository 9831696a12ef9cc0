import type { OpsJob } from '@furlong/contracts';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { formatTimeOfDay } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useOpsJobs } from '../api/ops-jobs';

function when(iso: string | null): string {
  return formatTimeOfDay(iso, { date: true, seconds: true });
}

/** /admin/ops/jobs: each job kind's counts, last run, failures and next run (the in-process queue board). */
export function OpsJobsPage() {
  const session = useSession();
  const allowed = session?.role === 'operator' || session?.role === 'admin';
  const jobs = useOpsJobs(allowed);
  if (!allowed) {
    return (
      <Page title="Jobs">
        <p className="status status-error">This page is for operators and administrators.</p>
      </Page>
    );
  }
  return (
    <Page title="Jobs">
      {jobs.isPending ? <Loading /> : null}
      {jobs.isError ? <ErrorMessage error={jobs.error} /> : null}
      {jobs.data ? (
        <>
          {jobs.data.driver === 'in-process' ? (
            <p>
              Jobs run in-process (no Redis): one at a time in this server, retried up to three times. Counts are since
              the server started.
            </p>
          ) : (
            <p>
              Jobs run on BullMQ (Redis). Counts are the jobs Redis keeps.{' '}
              {jobs.data.board_path ? <a href={jobs.data.board_path}>Open the queue board</a> : null}
            </p>
          )}
          {jobs.data.jobs.length === 0 ? <EmptyState>No job kinds.</EmptyState> : <JobsTable jobs={jobs.data.jobs} />}
        </>
      ) : null}
    </Page>
  );
}

function JobsTable({ jobs }: { jobs: readonly OpsJob[] }) {
  return (
    <table>
      <caption>Job kinds ({jobs.length})</caption>
      <thead>
        <tr>
          <th scope="col">Job</th>
          <th scope="col">Waiting</th>
          <th scope="col">Active</th>
          <th scope="col">Delayed</th>
          <th scope="col">Completed</th>
          <th scope="col">Failed</th>
          <th scope="col">Last run</th>
          <th scope="col">Last failure</th>
          <th scope="col">Next run</th>
        </tr>
      </thead>
      <tbody>
        {jobs.map((job) => (
          <tr key={job.name}>
            <th scope="row">{job.name}</th>
            <td className="num">{job.counts.waiting}</td>
            <td className="num">{job.counts.active}</td>
            <td className="num">{job.counts.delayed}</td>
            <td className="num">{job.counts.completed}</td>
            <td className={job.counts.failed > 0 ? 'num status-error' : 'num'}>{job.counts.failed}</td>
            <td>{when(job.last_run_at)}</td>
            <td className={job.last_failure ? 'status-error' : undefined}>
              {job.last_failure ? `${when(job.last_failure.at)}: ${job.last_failure.message}` : '—'}
            </td>
            <td>{when(job.next_run_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
