import { OUTBOX_STATUSES, type OutboxStatus } from '@furlong/contracts';
import { useId, useState } from 'react';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { useOutbox } from '../api/outbox';
import './forms.css';
import { Pager } from '../../../components/ui/pager';

const PAGE_SIZE = 25;

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

const SOURCES: Record<string, string> = {
  insurance_quote: 'Insurance quote',
  contact: 'Contact',
  program: 'Program',
  race: 'Race',
  bug: 'Bug report',
  feedback: 'Feedback',
};

/** The admins' view of the outbox: every mail, its status, attempts and last error; by status, paged. */
export function OutboxPage() {
  const ids = useId();
  const [status, setStatus] = useState<OutboxStatus | ''>('');
  const [offset, setOffset] = useState(0);
  const outbox = useOutbox({ status: status || undefined, limit: PAGE_SIZE, offset });
  const page = outbox.data;

  return (
    <Page title="Outbox">
      <p className="forms-intro">
        Mails from the forms (insurance quotes, contact and submissions) and their confirmations. Queued mails are sent
        by the outbox job; a failure is retried with growing waits, then marked failed.
      </p>
      <div className="table-controls forms-outbox-controls">
        <label htmlFor={`${ids}-status`}>Status</label>
        <select
          id={`${ids}-status`}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as OutboxStatus | '');
            setOffset(0);
          }}
        >
          <option value="">All</option>
          {OUTBOX_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        {page ? (
          <output className="hint" aria-label="Mails by status">
            {page.counts.queued} queued · {page.counts.sent} sent · {page.counts.failed} failed
          </output>
        ) : null}
      </div>
      {outbox.isPending ? (
        <Loading text="Loading the outbox…" />
      ) : outbox.isError ? (
        <ErrorMessage error={outbox.error} text="Could not load the outbox." />
      ) : page && page.items.length === 0 ? (
        <EmptyState>{status ? `No ${status} mails.` : 'The outbox is empty: no form has been sent yet.'}</EmptyState>
      ) : page ? (
        <>
          <div className="table-scroll">
            <table aria-label="Outbox">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">To</th>
                  <th scope="col">Subject</th>
                  <th scope="col">From form</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Next attempt</th>
                  <th scope="col">Sent</th>
                  <th scope="col">Last error</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((m) => (
                  <tr key={m.id}>
                    <td>{m.id}</td>
                    <td>{m.to}</td>
                    <td>{m.subject}</td>
                    <td>
                      {SOURCES[m.source.kind] ?? m.source.kind} #{m.source.id}
                      {m.purpose === 'confirmation' ? ' (confirmation)' : ''}
                    </td>
                    <td>
                      <span className={`forms-status forms-status-${m.status}`}>{m.status}</span>
                    </td>
                    <td>{m.attempts}</td>
                    <td>{when(m.next_attempt_at)}</td>
                    <td>{when(m.sent_at)}</td>
                    <td className="forms-error-cell">{m.last_error ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            label="Outbox"
            offset={offset}
            limit={PAGE_SIZE}
            total={page.total}
            onMove={setOffset}
            previous="Newer"
            next="Older"
            small
          />
        </>
      ) : null}
    </Page>
  );
}
