import type { BulkCustomValuesRequest, BulkCustomValuesResponse } from '@furlong/contracts';
import { CATALOG_KINDS } from '@furlong/contracts';
import type { CustomFieldEntity } from '@furlong/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useBulkValues } from '../api/bulk-values';
import { useFieldValues } from '../api/field-values';
import { useCustomFields } from '../api/fields';
import { ENTITIES, ENTITY_LABELS, FieldValueInput, inputText, Problem, valueFromInput } from './field-value';
import './custom-fields.css';

export const INSERT_PAGE_SIZE = 25;

/** The server's 400 by record: `values[3].value` or `values.3.row_id` → the 4th record sent. */
function problemsByIndex(error: unknown): Map<number, string> {
  const out = new Map<number, string>();
  if (!(error instanceof ApiError) || error.status !== 400) return out;
  for (const p of error.fields) {
    const m = /^values(?:\[(\d+)\]|\.(\d+))/.exec(p.field);
    const i = Number(m?.[1] ?? m?.[2]);
    if (m && !out.has(i)) out.set(i, p.reason);
  }
  return out;
}

function resultText(r: BulkCustomValuesResponse): string {
  const parts = [`Saved ${r.saved} value${r.saved === 1 ? '' : 's'}`];
  if (r.cleared > 0) parts.push(`cleared ${r.cleared}`);
  return `${parts.join(', ')} of ${r.field.label}.`;
}

/**
 * Insert Columns (issue 21, /insert-columns; admins): one custom field's value on many records at
 * once — an entity's records a page at a time, an input per record of the field's type; Save all
 * writes every changed one together, all or nothing.
 */
export function InsertColumnsPage() {
  const session = useSession();
  const isAdmin = session?.role === 'admin';
  const [table, setTable] = useState<CustomFieldEntity>('horses');
  const [fieldId, setFieldId] = useState<number | null>(null);
  const [offset, setOffset] = useState(0);
  /** Edited inputs: record id → text (what is not here shows the stored value). */
  const [edits, setEdits] = useState<Map<number, string>>(new Map());
  const [localProblems, setLocalProblems] = useState<Map<number, string>>(new Map());
  const [sentIds, setSentIds] = useState<number[]>([]);
  const [result, setResult] = useState<string | null>(null);
  const fields = useCustomFields(table, isAdmin);
  const field = fields.data?.items.find((f) => f.id === fieldId) ?? fields.data?.items[0] ?? null;
  const kind = CATALOG_KINDS[table];
  // One request: the page's records (by id), their names and this field's values.
  const rows = useFieldValues(field?.id ?? null, { limit: INSERT_PAGE_SIZE, offset }, isAdmin);
  const save = useBulkValues();

  if (!isAdmin) {
    return (
      <Page title="Insert Columns">
        <p className="status status-error">This page is for administrators.</p>
      </Page>
    );
  }

  const reset = () => {
    setEdits(new Map());
    setLocalProblems(new Map());
    setResult(null);
    save.reset();
  };
  const serverProblems = problemsByIndex(save.error);
  const problemOf = (id: number): string | undefined => {
    const local = localProblems.get(id);
    if (local) return local;
    const sent = sentIds.indexOf(id);
    return sent >= 0 ? serverProblems.get(sent) : undefined;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!field) return;
    setResult(null);
    const values: BulkCustomValuesRequest['values'] = [];
    const problems = new Map<number, string>();
    for (const [rowId, text] of edits) {
      const checked = valueFromInput(field, text);
      if (checked.ok) values.push({ row_id: rowId, value: checked.value });
      else problems.set(rowId, checked.message);
    }
    setLocalProblems(problems);
    if (problems.size > 0) return;
    if (values.length === 0) {
      setResult('Nothing to save: change a value first.');
      return;
    }
    setSentIds(values.map((v) => v.row_id));
    save.mutate(
      { fieldId: field.id, values },
      {
        onSuccess: (r) => {
          setEdits(new Map());
          setResult(resultText(r));
        },
      },
    );
  };

  const items = fields.data?.items ?? [];
  return (
    <Page title="Insert Columns">
      <p>
        Fills in one custom field on many {ENTITY_LABELS[table].toLowerCase()} at once. Fields are made on{' '}
        <Link to="/add-columns">Add Columns</Link>. Empty a box to clear its value.
      </p>
      <div className="form cf-form">
        <label htmlFor="ic-table">Entity</label>
        <select
          id="ic-table"
          value={table}
          onChange={(e) => {
            setTable(e.target.value as CustomFieldEntity);
            setFieldId(null);
            setOffset(0);
            reset();
          }}
        >
          {ENTITIES.map((t) => (
            <option key={t} value={t}>
              {ENTITY_LABELS[t]}
            </option>
          ))}
        </select>
        {items.length > 0 ? (
          <>
            <label htmlFor="ic-field">Field</label>
            <select
              id="ic-field"
              value={field?.id ?? ''}
              onChange={(e) => {
                setFieldId(Number(e.target.value));
                reset();
              }}
            >
              {items.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.label} ({f.name})
                </option>
              ))}
            </select>
          </>
        ) : null}
      </div>
      {fields.isPending ? <Loading text="Loading the fields…" /> : null}
      {fields.isError ? <ErrorMessage error={fields.error} text="The fields could not be loaded." /> : null}
      {fields.isSuccess && items.length === 0 ? (
        <EmptyState>
          {ENTITY_LABELS[table]} have no custom fields yet: add one on <Link to="/add-columns">Add Columns</Link>.
        </EmptyState>
      ) : null}
      {field ? (
        <form className="cf-values" aria-label={`Values of ${field.label}`} onSubmit={submit} noValidate>
          {rows.isPending ? <Loading text={`Loading the ${ENTITY_LABELS[table].toLowerCase()}…`} /> : null}
          {rows.isError ? <ErrorMessage error={rows.error} /> : null}
          {rows.data ? (
            <>
              <div className="table-scroll cf-scroll">
                <table className="cf-rows">
                  <caption className="visually-hidden">
                    {field.label} of {ENTITY_LABELS[table].toLowerCase()}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Id</th>
                      <th scope="col">{kind.label}</th>
                      <th scope="col">{field.label}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.data.items.map((row) => {
                      const id = row.row_id;
                      const inputId = `ic-value-${id}`;
                      const problem = problemOf(id);
                      return (
                        <tr key={id}>
                          <td>{id}</td>
                          <td>{row.name}</td>
                          <td>
                            <FieldValueInput
                              field={field}
                              id={inputId}
                              label={`${field.label} of ${row.name}`}
                              value={edits.get(id) ?? inputText(row.value)}
                              problem={problem}
                              onChange={(text) => {
                                setEdits((prev) => new Map(prev).set(id, text));
                                setResult(null);
                              }}
                            />
                            <Problem id={inputId} text={problem} />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              <Pager
                label={ENTITY_LABELS[table]}
                offset={offset}
                limit={INSERT_PAGE_SIZE}
                total={rows.data.total}
                onMove={(next) => {
                  setOffset(next);
                  reset();
                }}
              />
            </>
          ) : null}
          <div className="button-row">
            <button type="submit" className="button" disabled={save.isPending || !rows.data}>
              {save.isPending ? 'Saving…' : 'Save all'}
            </button>
            {edits.size > 0 && !save.isPending ? (
              <span className="hint">
                {edits.size} changed on this page{save.isError ? '' : ', not saved yet'}
              </span>
            ) : null}
          </div>
          {save.isPending ? <Loading text={`Saving ${sentIds.length} values…`} /> : null}
          {localProblems.size > 0 ? (
            <p className="status status-error" role="alert">
              Nothing was saved: fix the values marked below.
            </p>
          ) : null}
          {save.isError ? (
            <ErrorMessage
              error={save.error}
              text={serverProblems.size > 0 ? 'Nothing was saved: fix the values marked below.' : 'Nothing was saved.'}
            />
          ) : null}
          {result ? (
            <p className="status status-ok" role="status">
              {result}
            </p>
          ) : null}
        </form>
      ) : null}
    </Page>
  );
}
