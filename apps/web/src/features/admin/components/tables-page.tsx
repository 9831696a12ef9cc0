import { useState } from 'react';
import { Page } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { formatNumber } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useTableRows, useTables } from '../api/tables';
import './audit.css';

export const TABLE_PAGE_SIZE = 25;

/** A cell as text: objects and arrays as JSON, null as an em dash, long text cut. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** A row's key: its primary key's values (the whole row when the table shows none). */
function rowKey(row: Record<string, unknown>, primary: readonly string[]): string {
  return primary.length > 0 ? primary.map((c) => String(row[c])).join(':') : JSON.stringify(row);
}

/**
 * The table and field browser (issue 21, /showDB; admins): the tables an admin may see, each with
 * its fields (type, null or not, key) and its rows a page at a time. Read-only; secrets (password
 * and token hashes, a race's seed) are never among the fields, and some tables are not listed.
 */
export function TablesPage() {
  const session = useSession();
  const isAdmin = session?.role === 'admin';
  const tables = useTables(isAdmin);
  const [table, setTable] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const rows = useTableRows(isAdmin ? table : null, TABLE_PAGE_SIZE, offset);
  if (!isAdmin) {
    return (
      <Page title="Tables">
        <p className="status status-error">This page is for administrators.</p>
      </Page>
    );
  }
  const selected = tables.data?.items.find((t) => t.name === table);
  const primary = selected?.columns.filter((c) => c.primary).map((c) => c.name) ?? [];
  return (
    <Page title="Tables">
      <p>
        The database's tables, read-only. Changes are made on the pages of what the rows are (users, horses, races), so
        every rule holds; password and token hashes and races' seeds are never shown.
      </p>
      {tables.isPending ? <Loading text="Loading the tables..." /> : null}
      {tables.isError ? <ErrorMessage error={tables.error} text="The tables could not be loaded." /> : null}
      {tables.data ? (
        <>
          <label htmlFor="table-pick">Table</label>{' '}
          <select
            id="table-pick"
            value={table ?? ''}
            onChange={(e) => {
              setTable(e.target.value || null);
              setOffset(0);
            }}
          >
            <option value="">Choose a table…</option>
            {tables.data.items.map((t) => (
              <option key={t.name} value={t.name}>
                {t.name} ({formatNumber(t.rows)} rows)
              </option>
            ))}
          </select>
        </>
      ) : null}
      {selected ? (
        <section aria-label={`Fields of ${selected.name}`}>
          <h2>Fields of {selected.name}</h2>
          <p className="hint">
            {selected.columns.length} fields
            {selected.hidden_columns > 0 ? `, ${selected.hidden_columns} secret left out` : ''}.
          </p>
          <div className="table-scroll">
            <table>
              <caption className="visually-hidden">Fields of {selected.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Type</th>
                  <th scope="col">Null</th>
                  <th scope="col">Key</th>
                </tr>
              </thead>
              <tbody>
                {selected.columns.map((c) => (
                  <tr key={c.name}>
                    <td>{c.name}</td>
                    <td>{c.type}</td>
                    <td>{c.nullable ? 'yes' : 'no'}</td>
                    <td>{c.primary ? 'primary' : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {table && rows.isPending ? <Loading text="Loading the rows..." /> : null}
      {rows.isError ? <ErrorMessage error={rows.error} text="The rows could not be loaded." /> : null}
      {rows.data && rows.data.total === 0 ? <EmptyState>This table is empty.</EmptyState> : null}
      {rows.data && rows.data.items.length > 0 ? (
        <section aria-label={`Rows of ${rows.data.table}`}>
          <h2>Rows of {rows.data.table}</h2>
          <div className="table-scroll">
            <table>
              <caption className="visually-hidden">Rows of {rows.data.table}</caption>
              <thead>
                <tr>
                  {rows.data.columns.map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.data.items.map((row) => (
                  <tr key={rowKey(row, primary)}>
                    {rows.data.columns.map((c) => (
                      <td key={c}>{cellText(row[c])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            label={`Rows of ${rows.data.table}`}
            offset={offset}
            limit={TABLE_PAGE_SIZE}
            total={rows.data.total}
            onMove={setOffset}
            hideWhenOnePage
            small
          />
        </section>
      ) : null}
    </Page>
  );
}
