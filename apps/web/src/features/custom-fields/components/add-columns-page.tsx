import type { CustomField } from '@furlong/contracts';
import {
  CUSTOM_FIELD_TYPE_LABELS,
  CUSTOM_FIELD_TYPES,
  type CustomFieldEntity,
  type CustomFieldType,
} from '@furlong/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useAddCustomField, useCustomFields, useDeleteCustomField } from '../api/fields';
import { ENTITIES, ENTITY_LABELS } from './field-value';
import './custom-fields.css';

/** The form's fields, as the 400 names them. */
type FormField = 'columnName' | 'label' | 'type' | 'options';

/** The 400's problems by form field; anything else is shown above the form. */
function problemsOf(error: unknown): Partial<Record<FormField, string>> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const out: Partial<Record<FormField, string>> = {};
  for (const p of error.fields) {
    const key = p.field.split(/[.[]/)[0] as FormField;
    if (['columnName', 'label', 'type', 'options'].includes(key)) out[key] ??= p.reason;
  }
  return out;
}

/**
 * Add Columns (issue 21, /add-columns; admins): adds a custom field to horses, jockeys, trainers,
 * owners or tracks — kept as a field definition and values, never as a new database column — and
 * lists each entity's fields, each of which can be dropped with its values.
 */
export function AddColumnsPage() {
  const session = useSession();
  const isAdmin = session?.role === 'admin';
  const [table, setTable] = useState<CustomFieldEntity>('horses');
  const [name, setName] = useState('');
  const [label, setLabel] = useState('');
  const [type, setType] = useState<CustomFieldType>('text');
  const [options, setOptions] = useState('');
  const [added, setAdded] = useState<CustomField | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const fields = useCustomFields(table, isAdmin);
  const add = useAddCustomField();
  const drop = useDeleteCustomField();

  if (!isAdmin) {
    return (
      <Page title="Add Columns">
        <p className="status status-error">This page is for administrators.</p>
      </Page>
    );
  }

  const problems = problemsOf(add.error);
  const otherError = add.isError && Object.keys(problems).length === 0 ? add.error : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAdded(null);
    const list = options
      .split('\n')
      .map((o) => o.trim())
      .filter(Boolean);
    add.mutate(
      {
        table,
        body: {
          columnName: name.trim(),
          type,
          label: label.trim() || undefined,
          options: type === 'one_of' ? list : undefined,
        },
      },
      {
        onSuccess: (field) => {
          setAdded(field);
          setName('');
          setLabel('');
          setOptions('');
        },
      },
    );
  };
  const described = (field: FormField) =>
    problems[field] ? { 'aria-invalid': true, 'aria-describedby': `cf-${field}-problem` } : {};
  const problem = (field: FormField) =>
    problems[field] ? (
      <span className="field-error" id={`cf-${field}-problem`}>
        {problems[field]}
      </span>
    ) : null;
  const items = fields.data?.items ?? [];

  return (
    <Page title="Add Columns">
      <p>
        Adds a field of your own to a horse, jockey, trainer, owner or track. It is shown under “More details” on their
        pages, where an admin can fill it in, and on <Link to="/insert-columns">Insert Columns</Link> for many at once.
        No database column is made: the field and its values are kept on their own, and dropping one changes nothing
        else.
      </p>
      <form className="form cf-form" aria-label="Add a custom field" onSubmit={submit} noValidate>
        <label htmlFor="cf-table">Entity</label>
        <select
          id="cf-table"
          value={table}
          onChange={(e) => {
            setTable(e.target.value as CustomFieldEntity);
            setConfirming(null);
          }}
        >
          {ENTITIES.map((t) => (
            <option key={t} value={t}>
              {ENTITY_LABELS[t]}
            </option>
          ))}
        </select>
        <label htmlFor="cf-columnName">Name</label>
        <input
          id="cf-columnName"
          value={name}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="coat_pattern"
          onChange={(e) => setName(e.target.value)}
          {...described('columnName')}
        />
        <span className="hint">Lowercase letters, digits and _, starting with a letter.</span>
        {problem('columnName')}
        <label htmlFor="cf-label">Label (optional)</label>
        <input
          id="cf-label"
          value={label}
          placeholder="Coat pattern"
          onChange={(e) => setLabel(e.target.value)}
          {...described('label')}
        />
        {problem('label')}
        <label htmlFor="cf-type">Type</label>
        <select
          id="cf-type"
          value={type}
          onChange={(e) => setType(e.target.value as CustomFieldType)}
          {...described('type')}
        >
          {CUSTOM_FIELD_TYPES.map((t) => (
            <option key={t} value={t}>
              {CUSTOM_FIELD_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
        {problem('type')}
        {type === 'one_of' ? (
          <>
            <label htmlFor="cf-options">Options (one per line)</label>
            <textarea
              id="cf-options"
              rows={4}
              value={options}
              onChange={(e) => setOptions(e.target.value)}
              {...described('options')}
            />
            {problem('options')}
          </>
        ) : null}
        <div className="button-row">
          <button type="submit" className="button" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add field'}
          </button>
        </div>
        {otherError ? <ErrorMessage error={otherError} text="The field could not be added." /> : null}
        {added ? (
          <p className="status status-ok" role="status">
            Added {added.label} ({added.name}) to {ENTITY_LABELS[added.table].toLowerCase()}.
          </p>
        ) : null}
      </form>

      <section aria-label={`Fields of ${ENTITY_LABELS[table].toLowerCase()}`}>
        <h2>Fields of {ENTITY_LABELS[table].toLowerCase()}</h2>
        {fields.isPending ? <Loading text="Loading the fields…" /> : null}
        {fields.isError ? <ErrorMessage error={fields.error} text="The fields could not be loaded." /> : null}
        {fields.isSuccess && items.length === 0 ? (
          <EmptyState>{ENTITY_LABELS[table]} have no custom fields yet.</EmptyState>
        ) : null}
        {drop.isError ? <ErrorMessage error={drop.error} text="The field could not be deleted." /> : null}
        {items.length > 0 ? (
          <div className="table-scroll cf-scroll">
            <table>
              <caption className="visually-hidden">Custom fields of {ENTITY_LABELS[table].toLowerCase()}</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Label</th>
                  <th scope="col">Type</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((f) => (
                  <tr key={f.id}>
                    <td>{f.name}</td>
                    <td>{f.label}</td>
                    <td>
                      {CUSTOM_FIELD_TYPE_LABELS[f.type]}
                      {f.options ? <span className="hint"> ({f.options.join(', ')})</span> : null}
                    </td>
                    <td>
                      {confirming === f.id ? (
                        <span className="cf-confirm">
                          <span>Delete {f.name} and every value of it?</span>
                          <button
                            type="button"
                            className="button small"
                            disabled={drop.isPending}
                            onClick={() => drop.mutate(f, { onSuccess: () => setConfirming(null) })}
                          >
                            Yes, delete
                          </button>
                          <button type="button" className="button secondary small" onClick={() => setConfirming(null)}>
                            Cancel
                          </button>
                        </span>
                      ) : (
                        <button
                          type="button"
                          className="button secondary small"
                          aria-label={`Delete ${f.name}`}
                          onClick={() => setConfirming(f.id)}
                        >
                          Delete
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </Page>
  );
}
