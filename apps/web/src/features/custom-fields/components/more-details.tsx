import type { CustomFieldEntry, CustomFieldValueJson } from '@furlong/contracts';
import type { CustomFieldEntity } from '@furlong/domain';
import { type FormEvent, useState } from 'react';
import { ErrorMessage } from '../../../components/ui/status';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useRecordFields, useSetRecordFields } from '../api/record-fields';
import { FieldValueInput, inputText, Problem, valueFromInput, valueText } from './field-value';
import './custom-fields.css';

/** The server's 400 by field name (`values.<name>`). */
function problemsByName(error: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (!(error instanceof ApiError) || error.status !== 400) return out;
  for (const p of error.fields) {
    const name = p.field.startsWith('values.') ? p.field.slice('values.'.length) : null;
    if (name && !out.has(name)) out.set(name, p.reason);
  }
  return out;
}

/**
 * "More details" on a horse's, jockey's, trainer's, owner's or track's page: the custom fields an
 * admin added to that entity, with this record's values; nothing when the entity has none. An admin
 * edits them here (Edit, then Save or Cancel).
 */
export function MoreDetails({ table, id }: { table: CustomFieldEntity; id: number }) {
  const session = useSession();
  const isAdmin = session?.role === 'admin';
  const record = useRecordFields(table, id);
  const [editing, setEditing] = useState(false);
  if (!record.data || record.data.items.length === 0) return null;
  const items = record.data.items;
  return (
    <section className="more-details" aria-labelledby="more-details-heading">
      <div className="button-row more-details-head">
        <h2 id="more-details-heading">More details</h2>
        {isAdmin && !editing ? (
          <button type="button" className="button secondary small" onClick={() => setEditing(true)}>
            Edit
          </button>
        ) : null}
      </div>
      {editing ? (
        <MoreDetailsForm table={table} id={id} items={items} onDone={() => setEditing(false)} />
      ) : (
        <dl>
          {items.map((f) => (
            <div key={f.id} style={{ display: 'contents' }}>
              <dt>{f.label}</dt>
              <dd data-field={f.name}>{valueText(f.value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function MoreDetailsForm({
  table,
  id,
  items,
  onDone,
}: {
  table: CustomFieldEntity;
  id: number;
  items: CustomFieldEntry[];
  onDone(): void;
}) {
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(items.map((f) => [f.name, inputText(f.value)])),
  );
  const [local, setLocal] = useState<Map<string, string>>(new Map());
  const save = useSetRecordFields(table, id);
  const server = problemsByName(save.error);
  const problemOf = (name: string) => local.get(name) ?? server.get(name);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values: Record<string, CustomFieldValueJson | null> = {};
    const problems = new Map<string, string>();
    for (const f of items) {
      const text = texts[f.name] ?? '';
      if (text === inputText(f.value)) continue;
      const checked = valueFromInput(f, text);
      if (checked.ok) values[f.name] = checked.value;
      else problems.set(f.name, checked.message);
    }
    setLocal(problems);
    if (problems.size > 0) return;
    if (Object.keys(values).length === 0) {
      onDone();
      return;
    }
    save.mutate(values, { onSuccess: onDone });
  };

  return (
    <form className="form" aria-label="Edit more details" onSubmit={submit} noValidate>
      {items.map((f) => {
        const inputId = `more-${f.name}`;
        return (
          <div key={f.id} className="form">
            <label htmlFor={inputId}>{f.label}</label>
            <FieldValueInput
              field={f}
              id={inputId}
              multiline
              value={texts[f.name] ?? ''}
              problem={problemOf(f.name)}
              onChange={(text) => setTexts((prev) => ({ ...prev, [f.name]: text }))}
            />
            <Problem id={inputId} text={problemOf(f.name)} />
          </div>
        );
      })}
      {save.isError && server.size === 0 ? (
        <ErrorMessage error={save.error} text="The details could not be saved." />
      ) : null}
      <div className="button-row">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
