import { isCalendarDate } from './transport-quote';

/**
 * Custom fields (issue 21, "custom fields instead of raw columns"): an admin adds a typed field to an
 * allowed entity, kept as metadata plus values — never as a column made at run time. These are the
 * rules, once: which entities take fields, the field types, what a name may be and what each type's
 * value may be (checked and normalized here for the server and the browser alike).
 */

/** The entities a custom field may be added to: each has a detail page that shows its fields. */
export const CUSTOM_FIELD_ENTITIES = ['horses', 'jockeys', 'trainers', 'owners', 'tracks'] as const;
export type CustomFieldEntity = (typeof CUSTOM_FIELD_ENTITIES)[number];

/** The field types, a fixed set. */
export const CUSTOM_FIELD_TYPES = ['text', 'integer', 'decimal', 'boolean', 'date', 'one_of'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** What each type is called on a form. */
export const CUSTOM_FIELD_TYPE_LABELS: Readonly<Record<CustomFieldType, string>> = {
  text: 'Text',
  integer: 'Whole number',
  decimal: 'Decimal number',
  boolean: 'Yes / no',
  date: 'Date',
  one_of: 'One of a list',
};

/** A stored value: text, integer and boolean as themselves, a decimal as its digits ("12.5"), a date as YYYY-MM-DD. */
export type CustomFieldValue = string | number | boolean;

export const CUSTOM_FIELD_NAME_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;
export const CUSTOM_FIELD_TEXT_MAX = 1_000;
export const CUSTOM_FIELD_LABEL_MAX = 100;
export const CUSTOM_FIELD_OPTIONS_MAX = 50;
export const CUSTOM_FIELD_OPTION_MAX = 100;
export const CUSTOM_FIELD_DECIMAL_DIGITS = { before: 12, after: 4 } as const;

/**
 * Names a field may not take: SQL's reserved words (a name that reads as SQL is refused even though
 * it never reaches SQL text), PostgreSQL's system columns, and our own bookkeeping columns.
 */
export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set([
  // SQL and PostgreSQL reserved key words
  'all',
  'alter',
  'analyse',
  'analyze',
  'and',
  'any',
  'array',
  'as',
  'asc',
  'asymmetric',
  'authorization',
  'begin',
  'between',
  'both',
  'by',
  'case',
  'cast',
  'check',
  'collate',
  'column',
  'commit',
  'constraint',
  'create',
  'cross',
  'current_date',
  'current_role',
  'current_time',
  'current_timestamp',
  'current_user',
  'database',
  'default',
  'deferrable',
  'delete',
  'desc',
  'distinct',
  'do',
  'drop',
  'else',
  'end',
  'except',
  'exec',
  'execute',
  'exists',
  'false',
  'fetch',
  'for',
  'foreign',
  'from',
  'full',
  'grant',
  'group',
  'having',
  'ilike',
  'in',
  'index',
  'initially',
  'inner',
  'insert',
  'intersect',
  'into',
  'is',
  'join',
  'lateral',
  'leading',
  'left',
  'like',
  'limit',
  'localtime',
  'localtimestamp',
  'merge',
  'natural',
  'not',
  'null',
  'offset',
  'on',
  'only',
  'or',
  'order',
  'outer',
  'over',
  'placing',
  'primary',
  'references',
  'returning',
  'revoke',
  'right',
  'rollback',
  'row',
  'schema',
  'select',
  'session_user',
  'set',
  'some',
  'symmetric',
  'table',
  'then',
  'to',
  'trailing',
  'true',
  'truncate',
  'union',
  'unique',
  'update',
  'user',
  'using',
  'values',
  'variadic',
  'view',
  'when',
  'where',
  'window',
  'with',
  // PostgreSQL's system columns
  'oid',
  'tableoid',
  'ctid',
  'xmin',
  'xmax',
  'cmin',
  'cmax',
  // our own bookkeeping
  'id',
  'created_at',
  'updated_at',
  'deleted_at',
  'created_by',
  'updated_by',
  'field_id',
  'row_id',
  'value',
  'label',
  'type',
  'options',
]);

/** A check's answer: the normalized value, or why it is refused. */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const refuse = <T>(message: string): Checked<T> => ({ ok: false, message });

export function isCustomFieldEntity(name: string): name is CustomFieldEntity {
  return (CUSTOM_FIELD_ENTITIES as readonly string[]).includes(name);
}

export function isCustomFieldType(name: string): name is CustomFieldType {
  return (CUSTOM_FIELD_TYPES as readonly string[]).includes(name);
}

/**
 * Why a field name is refused, or undefined when it may be used: the pattern (a lowercase letter,
 * then up to 62 of a-z, 0-9 and _), not a reserved word, not a column the entity already has.
 */
export function fieldNameProblem(name: string, existingColumns: Iterable<string> = []): string | undefined {
  if (!CUSTOM_FIELD_NAME_PATTERN.test(name)) {
    return 'must start with a lowercase letter and hold only a-z, 0-9 and _ (at most 63 characters)';
  }
  if (RESERVED_FIELD_NAMES.has(name)) return `'${name}' is a reserved word`;
  for (const column of existingColumns) {
    if (column === name) return `'${name}' is already a column of this entity`;
  }
  return undefined;
}

// C0 controls but \t and \n, DEL, C1 controls, and lone UTF-16 surrogates (PostgreSQL's jsonb refuses those).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused
const LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a text is refused as a value (control characters but new lines and tabs), or undefined. */
function textProblem(text: string, singleLine: boolean): string | undefined {
  if ((singleLine ? LINE_CONTROL : CONTROL).test(text)) {
    return singleLine
      ? 'must not hold control characters'
      : 'must not hold control characters (new lines and tabs are fine)';
  }
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text';
  return undefined;
}

/** A field's label: trimmed, 1–100 characters on one line; from the name when not given ("coat_color" → "Coat color"). */
export function checkFieldLabel(label: string | undefined | null, name: string): Checked<string> {
  if (label === undefined || label === null || label.trim() === '') {
    const words = name.replace(/_+/g, ' ').trim();
    return ok(words.charAt(0).toUpperCase() + words.slice(1));
  }
  const trimmed = label.trim();
  if (trimmed.length > CUSTOM_FIELD_LABEL_MAX) return refuse(`must be at most ${CUSTOM_FIELD_LABEL_MAX} characters`);
  const problem = textProblem(trimmed, true);
  return problem ? refuse(problem) : ok(trimmed);
}

/**
 * A field's options: a one-of list needs 1–50 options, each 1–100 characters on one line (trimmed)
 * and none twice; any other type takes none (null).
 */
export function checkFieldOptions(
  type: CustomFieldType,
  options: readonly unknown[] | null | undefined,
): Checked<string[] | null> {
  if (type !== 'one_of') {
    return options === undefined || options === null || options.length === 0
      ? ok(null)
      : refuse('only a one-of list has options');
  }
  if (!options || options.length === 0) return refuse('a one-of list needs at least one option');
  if (options.length > CUSTOM_FIELD_OPTIONS_MAX) return refuse(`must be at most ${CUSTOM_FIELD_OPTIONS_MAX} options`);
  const out: string[] = [];
  for (const [i, option] of options.entries()) {
    if (typeof option !== 'string') return refuse(`option ${i + 1} must be text`);
    const trimmed = option.trim();
    if (trimmed.length === 0) return refuse(`option ${i + 1} is empty`);
    if (trimmed.length > CUSTOM_FIELD_OPTION_MAX) {
      return refuse(`option ${i + 1} must be at most ${CUSTOM_FIELD_OPTION_MAX} characters`);
    }
    const problem = textProblem(trimmed, true);
    if (problem) return refuse(`option ${i + 1} ${problem}`);
    if (out.includes(trimmed)) return refuse(`'${trimmed}' is listed twice`);
    out.push(trimmed);
  }
  return ok(out);
}

const INTEGER_TEXT = /^-?\d{1,16}$/;
const DECIMAL_TEXT = new RegExp(
  `^(-?)(\\d{1,${CUSTOM_FIELD_DECIMAL_DIGITS.before}})(?:\\.(\\d{1,${CUSTOM_FIELD_DECIMAL_DIGITS.after}}))?$`,
);

/** A decimal's canonical digits: no leading zeros, no trailing fraction zeros, no "-0" ("012.50" → "12.5"). */
function normalizeDecimal(sign: string, whole: string, fraction: string | undefined): string {
  const w = whole.replace(/^0+(?=\d)/, '');
  const f = (fraction ?? '').replace(/0+$/, '');
  const digits = f ? `${w}.${f}` : w;
  return sign && /[1-9]/.test(digits) ? `-${digits}` : digits;
}

/** The definition a value is checked against. */
export interface CustomFieldShape {
  type: CustomFieldType;
  options: readonly string[] | null;
}

/**
 * A value for a field, checked and normalized: `text` up to 1,000 characters kept exactly as given
 * (no control characters but new lines and tabs); `integer` a safe integer (a number, or its digits
 * as text); `decimal` up to 12 digits before the point and 4 after, kept as text ("12.50" → "12.5");
 * `boolean` true or false; `date` a calendar day YYYY-MM-DD; `one_of` one of the field's options.
 */
export function checkFieldValue(field: CustomFieldShape, value: unknown): Checked<CustomFieldValue> {
  switch (field.type) {
    case 'text': {
      if (typeof value !== 'string') return refuse('must be text');
      if (value.length > CUSTOM_FIELD_TEXT_MAX) return refuse(`must be at most ${CUSTOM_FIELD_TEXT_MAX} characters`);
      const problem = textProblem(value, false);
      return problem ? refuse(problem) : ok(value);
    }
    case 'integer': {
      const n =
        typeof value === 'number' ? value : typeof value === 'string' && INTEGER_TEXT.test(value) ? Number(value) : NaN;
      return Number.isSafeInteger(n)
        ? ok(Object.is(n, -0) ? 0 : n)
        : refuse(`must be a whole number from ${Number.MIN_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}`);
    }
    case 'decimal': {
      const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
      const m = typeof text === 'string' ? DECIMAL_TEXT.exec(text) : null;
      if (!m) {
        return refuse(
          `must be a number with at most ${CUSTOM_FIELD_DECIMAL_DIGITS.before} digits before the point and ${CUSTOM_FIELD_DECIMAL_DIGITS.after} after`,
        );
      }
      return ok(normalizeDecimal(m[1] ?? '', m[2] ?? '0', m[3]));
    }
    case 'boolean':
      if (typeof value === 'boolean') return ok(value);
      if (value === 'true' || value === 'false') return ok(value === 'true');
      return refuse('must be true or false');
    case 'date':
      // Year 0000 parses, but no calendar has it.
      return typeof value === 'string' && isCalendarDate(value) && !value.startsWith('0000')
        ? ok(value)
        : refuse('must be a calendar date as YYYY-MM-DD');
    case 'one_of': {
      const options = field.options ?? [];
      return typeof value === 'string' && options.includes(value)
        ? ok(value)
        : refuse(`must be one of ${options.map((o) => `'${o}'`).join(', ')}`);
    }
  }
}
