import type { CustomFieldEntry, CustomFieldValueJson } from '@furlong/contracts';
import {
  CUSTOM_FIELD_ENTITIES,
  CUSTOM_FIELD_TEXT_MAX,
  type CustomFieldEntity,
  type CustomFieldShape,
  checkFieldValue,
} from '@furlong/domain';

/** What each entity is called on these pages. */
export const ENTITY_LABELS: Readonly<Record<CustomFieldEntity, string>> = {
  horses: 'Horses',
  jockeys: 'Jockeys',
  trainers: 'Trainers',
  owners: 'Owners',
  tracks: 'Tracks',
};
export const ENTITIES = CUSTOM_FIELD_ENTITIES;

/** A value as a page shows it: Yes/No for a boolean, a dash when not set. */
export function valueText(value: CustomFieldValueJson | null): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** A value as an input holds it (text), and back. */
export const inputText = (value: CustomFieldValueJson | null): string => (value === null ? '' : String(value));

/**
 * An input's text as the value to send, by the domain's rule (the server checks it again): empty
 * clears the value (null); otherwise the normalized value, or why the type refuses it.
 */
export function valueFromInput(
  field: CustomFieldShape,
  text: string,
): { ok: true; value: CustomFieldValueJson | null } | { ok: false; message: string } {
  if (field.type === 'text' ? text === '' : text.trim() === '') return { ok: true, value: null };
  return checkFieldValue(field, field.type === 'text' ? text : text.trim());
}

/** The input a field's type takes: a select for yes/no and one-of lists, a date picker, a number or text box. */
export function FieldValueInput({
  field,
  id,
  value,
  onChange,
  problem,
  label,
  multiline = false,
}: {
  field: Pick<CustomFieldEntry, 'type' | 'options' | 'name'>;
  id: string;
  value: string;
  onChange(text: string): void;
  problem?: string;
  /** An accessible name when no visible label points at the input. */
  label?: string;
  multiline?: boolean;
}) {
  const common = {
    id,
    'aria-label': label,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${id}-problem` : undefined,
  };
  switch (field.type) {
    case 'boolean':
      return (
        <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">—</option>
          <option value="true">Yes</option>
          <option value="false">No</option>
        </select>
      );
    case 'one_of':
      return (
        <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">—</option>
          {(field.options ?? []).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
    case 'date':
      return <input {...common} type="date" value={value} onChange={(e) => onChange(e.target.value)} />;
    case 'integer':
      return (
        <input
          {...common}
          type="number"
          step={1}
          inputMode="numeric"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'decimal':
      return (
        <input {...common} type="text" inputMode="decimal" value={value} onChange={(e) => onChange(e.target.value)} />
      );
    case 'text':
      return multiline ? (
        <textarea
          {...common}
          rows={3}
          maxLength={CUSTOM_FIELD_TEXT_MAX}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          {...common}
          type="text"
          maxLength={CUSTOM_FIELD_TEXT_MAX}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

/** A field's problem under its input. */
export function Problem({ id, text }: { id: string; text?: string }) {
  return text ? (
    <span className="field-error" id={`${id}-problem`}>
      {text}
    </span>
  ) : null;
}
