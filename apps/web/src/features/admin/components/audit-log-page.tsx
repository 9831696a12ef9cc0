import type { AuditEntry } from '@furlong/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { formatTimeOfDay } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useAuditLog } from '../api/audit';
import './audit.css';

/**
 * The tables admins write to (users and wallets, the table manager's writable tables, custom
 * fields) and the scan's reports; a refused write to another table is under All.
 */
const AUDITED_TABLES = [
  'users',
  'wallet_accounts',
  'jockeys',
  'trainers',
  'owners',
  'tracks',
  'custom_fields',
  'custom_field_values',
  'scan_insert',
] as const;

export const AUDIT_PAGE_SIZE = 50;

/** The fields a write changed, "name: before → after", or the row as it was created / deleted. */
export function changedFields(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const show = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v));
  const { before, after } = entry;
  if (!before && !after) return [];
  if (!before) return Object.entries(after ?? {}).map(([k, v]) => `${k}: ${show(v)}`);
  if (!after) return Object.entries(before).map(([k, v]) => `${k}: ${show(v)}`);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => `${k}: ${show(before[k])} → ${show(after[k])}`);
}

/**
 * The audit log (issue 21, admins): every administrative write — who, from which address and
 * request, what on which row, what changed, and whether it was made or refused — newest first.
 */
export function AuditLogPage() {
  const session = useSession();
  const isAdmin = session?.role === 'admin';
  const [offset, setOffset] = useState(0);
  const [table, setTable] = useState('');
  const log = useAuditLog({ table_name: table || undefined, limit: AUDIT_PAGE_SIZE, offset }, isAdmin);
  if (!isAdmin) {
    return (
      <Page title="Audit Log">
        <p className="status status-error">This page is for administrators.</p>
      </Page>
    );
  }
  const page = log.data;
  return (
    <Page title="Audit Log">
      <p>
        Every change an admin makes, written with the change itself; nothing here can be edited or removed. Users are
        managed on the <Link to="/admin-profile">admin profile</Link>.
      </p>
      <label htmlFor="audit-table">Table</label>{' '}
      <select
        id="audit-table"
        value={table}
        onChange={(e) => {
          setTable(e.target.value);
          setOffset(0);
        }}
      >
        <option value="">All</option>
        {AUDITED_TABLES.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      {log.isPending ? <Loading text="Loading the audit log..." /> : null}
      {log.isError ? <ErrorMessage error={log.error} text="The audit log could not be loaded." /> : null}
      {page && page.total === 0 ? <EmptyState>Nothing has been changed by an admin yet.</EmptyState> : null}
      {page && page.items.length > 0 ? (
        <div className="table-scroll">
          <table>
            <caption>Audit log ({page.total})</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Row</th>
                <th scope="col">Change</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((e) => (
                <tr key={e.id}>
                  <td>
                    <time dateTime={e.at}>
                      {e.at.slice(0, 10)} {formatTimeOfDay(e.at)}
                    </time>
                  </td>
                  <td>
                    {e.actor_username}
                    <div className="hint" title={`request ${e.request_id}`}>
                      {e.ip}
                    </div>
                  </td>
                  <td>{e.action}</td>
                  <td>
                    {e.table_name} #{e.row_id}
                  </td>
                  <td>
                    <pre className="audit-change">{changedFields(e).join('\n') || '—'}</pre>
                  </td>
                  <td>{e.result === 'ok' ? 'Made' : `Refused: ${e.reason ?? ''}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {page ? (
        <Pager
          label="Audit log"
          offset={offset}
          limit={AUDIT_PAGE_SIZE}
          total={page.total}
          onMove={setOffset}
          previous="Newer"
          next="Older"
          hideWhenOnePage
          small
        />
      ) : null}
    </Page>
  );
}
