import type { TableColumn, TableSummary } from '@furlong/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Page } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useDeleteRow, useSaveRow, useTableRows, useTables } from '../api/tables';
import './audit.css';
import './tables.css';

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

type InputKind = 'number' | 'checkbox' | 'date' | 'text';

/** The input a column's database type takes. */
export function inputKind(type: string): InputKind {
  if (/^(integer|smallint|bigint|numeric|double precision|real)/.test(type)) return 'number';
  if (type === 'boolean') return 'checkbox';
  if (type === 'date') return 'date';
  return 'text';
}

/** An input's text as the value the API takes: a number, true/false, null for an empty nullable field. */
export function inputValue(column: TableColumn, text: string): unknown {
  const kind = inputKind(column.type);
  if (kind === 'checkbox') return text === 'true';
  if (text.trim() === '' && column.nullable) return null;
  if (kind === 'number' && text.trim() !== '') return Number(text);
  return text;
}

const textOf = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

type Action = { kind: 'new' } | { kind: 'edit' | 'delete'; row: Record<string, unknown> } | null;

/**
 * The table manager (issue 21, /showDB; admins): the tables an admin may see, each with its fields
 * (type, null or not, key, editable) and its rows a page at a time; for the tables whose owners
 * take writes here (jockeys, trainers, owners, tracks, users) "New row", "Edit" and "Delete", each
 * made by the owner's service under its rules; every other table says who writes it. Secrets
 * (password and token hashes, a race's seed) are never among the fields, and some tables are not listed.
 */
export function TablesPage() {
  const session = useSession();
  const isAdmin = session?.role === 'admin';
  const tables = useTables(isAdmin);
  const [table, setTable] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const [action, setAction] = useState<Action>(null);
  const [done, setDone] = useState<string | null>(null);
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
  const writes = selected?.writable;
  const rowActions = !!writes && (writes.update || writes.delete);
  const finish = (message: string | null) => {
    setAction(null);
    setDone(message);
  };
  return (
    <Page title="Tables">
      <p>
        The database's tables. Jockeys, trainers, owners, tracks (name and location) and users are edited here, each
        through the rules of what owns it, and every change is in the audit log; the other tables are read-only and say
        who writes them. Password and token hashes and races' seeds are never shown.
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
              finish(null);
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
      {selected && writes ? (
        <div className="table-writes">
          {!writes.create && !writes.update && !writes.delete ? (
            <p className="hint">Read-only: {writes.reason}</p>
          ) : writes.reason ? (
            <p className="hint">{writes.reason}</p>
          ) : null}
          {writes.create ? (
            <button
              type="button"
              className="button"
              onClick={() => {
                setDone(null);
                setAction({ kind: 'new' });
              }}
            >
              New row
            </button>
          ) : null}
        </div>
      ) : null}
      {done ? (
        <p className="status status-ok" role="status">
          {done}
        </p>
      ) : null}
      {selected && action?.kind === 'new' ? <RowForm key="new" table={selected} row={null} onDone={finish} /> : null}
      {selected && action?.kind === 'edit' ? (
        <RowForm key={`edit-${String(action.row.id)}`} table={selected} row={action.row} onDone={finish} />
      ) : null}
      {selected && action?.kind === 'delete' ? (
        <DeleteRow
          key={`delete-${String(action.row.id)}`}
          table={selected.name}
          id={Number(action.row.id)}
          onDone={finish}
        />
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
                  <th scope="col">Editable</th>
                </tr>
              </thead>
              <tbody>
                {selected.columns.map((c) => (
                  <tr key={c.name}>
                    <td>{c.name}</td>
                    <td>{c.type}</td>
                    <td>{c.nullable ? 'yes' : 'no'}</td>
                    <td>{c.primary ? 'primary' : ''}</td>
                    <td>{c.editable ? 'yes' : ''}</td>
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
                  {rowActions ? (
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  ) : null}
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
                    {rowActions ? (
                      <td className="row-actions">
                        {writes?.update ? (
                          <button
                            type="button"
                            className="button secondary small"
                            aria-label={`Edit row ${String(row.id)}`}
                            onClick={() => {
                              setDone(null);
                              setAction({ kind: 'edit', row });
                            }}
                          >
                            Edit
                          </button>
                        ) : null}
                        {writes?.delete ? (
                          <button
                            type="button"
                            className="button secondary small"
                            aria-label={`Delete row ${String(row.id)}`}
                            onClick={() => {
                              setDone(null);
                              setAction({ kind: 'delete', row });
                            }}
                          >
                            Delete
                          </button>
                        ) : null}
                      </td>
                    ) : null}
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

/** A field's problem from the server's 400 (`values.<column>`). */
function problemOf(error: unknown, column: string): string | undefined {
  return error instanceof ApiError ? error.fields.find((f) => f.field === `values.${column}`)?.reason : undefined;
}

/**
 * A new row, or an edit of one: a typed input per editable field, each with the server's problem
 * for it underneath. An edit sends only what changed (the owner's rules then judge just that).
 */
function RowForm({
  table,
  row,
  onDone,
}: {
  table: TableSummary;
  row: Record<string, unknown> | null;
  onDone(message: string | null): void;
}) {
  const save = useSaveRow();
  const form = useRef<HTMLFormElement>(null);
  // Opened from a row far down the page (on a phone, screens away): brought into view, its first input focused.
  useEffect(() => {
    form.current?.scrollIntoView?.({ block: 'start' });
    form.current?.querySelector('input')?.focus({ preventScroll: true });
  }, []);
  const columns = table.columns.filter((c) => c.editable);
  const initial = Object.fromEntries(columns.map((c) => [c.name, textOf(row?.[c.name])]));
  const [fields, setFields] = useState<Record<string, string>>(initial);
  const [nothing, setNothing] = useState(false);
  const id = row ? Number(row.id) : null;
  const title = id === null ? `New row of ${table.name}` : `Edit row ${id} of ${table.name}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const changed = columns.filter((c) => id === null || fields[c.name] !== initial[c.name]);
    if (changed.length === 0) {
      setNothing(true);
      return;
    }
    setNothing(false);
    const values = Object.fromEntries(changed.map((c) => [c.name, inputValue(c, fields[c.name] ?? '')]));
    save.mutate(
      { table: table.name, id, values },
      { onSuccess: (saved) => onDone(`Row ${String(saved.id)} of ${table.name} saved.`) },
    );
  };
  const otherError =
    save.isError && !(save.error instanceof ApiError && save.error.fields.some((f) => f.field.startsWith('values.')));
  return (
    <form ref={form} className="form table-form" aria-label={title} onSubmit={submit} noValidate>
      <h2>{title}</h2>
      {columns.map((c) => {
        const inputId = `row-${c.name}`;
        const problem = problemOf(save.error, c.name);
        const kind = inputKind(c.type);
        return (
          <div className="table-field" key={c.name}>
            {kind === 'checkbox' ? (
              <label className="check" htmlFor={inputId}>
                <input
                  id={inputId}
                  type="checkbox"
                  checked={fields[c.name] === 'true'}
                  aria-invalid={problem ? true : undefined}
                  onChange={(e) => setFields((f) => ({ ...f, [c.name]: String(e.target.checked) }))}
                />{' '}
                {c.name}
              </label>
            ) : (
              <>
                <label htmlFor={inputId}>
                  {c.name}{' '}
                  <span className="hint">
                    ({c.type}
                    {c.required ? ', required' : c.nullable ? ', may be empty' : ''})
                  </span>
                </label>
                <input
                  id={inputId}
                  type={kind}
                  step={kind === 'number' ? 'any' : undefined}
                  value={fields[c.name] ?? ''}
                  required={c.required}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${inputId}-problem` : undefined}
                  onChange={(e) => setFields((f) => ({ ...f, [c.name]: e.target.value }))}
                />
              </>
            )}
            {problem ? (
              <p className="field-error" id={`${inputId}-problem`}>
                {`${c.name} ${problem}`}
              </p>
            ) : null}
          </div>
        );
      })}
      {nothing ? <p className="hint">Nothing changed.</p> : null}
      {otherError ? <ErrorMessage error={save.error} /> : null}
      <div className="button-row">
        <button type="submit" className="button" disabled={save.isPending}>
          Save
        </button>
        <button type="button" className="button secondary" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function DeleteRow({ table, id, onDone }: { table: string; id: number; onDone(message: string | null): void }) {
  const remove = useDeleteRow();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  return (
    <section ref={panel} className="table-form" aria-label={`Delete row ${id} of ${table}`}>
      <h2>
        Delete row {id} of {table}?
      </h2>
      <p>
        {table === 'users'
          ? 'The user is deleted softly: the row stays, marked, with their bets and ledger.'
          : 'It cannot be undone.'}
      </p>
      {remove.isError ? <ErrorMessage error={remove.error} /> : null}
      <div className="button-row">
        <button
          type="button"
          className="button danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ table, id }, { onSuccess: () => onDone(`Row ${id} of ${table} deleted.`) })}
        >
          Delete row
        </button>
        <button type="button" className="button secondary" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </section>
  );
}
