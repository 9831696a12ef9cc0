import {
  CUSTOM_FIELD_ENTITIES,
  CUSTOM_FIELD_LABEL_MAX,
  CUSTOM_FIELD_OPTION_MAX,
  CUSTOM_FIELD_OPTIONS_MAX,
  CUSTOM_FIELD_TYPES,
  checkFieldLabel,
  checkFieldOptions,
  fieldNameProblem,
} from '@furlong/domain';
import { z } from 'zod';
import { defineOperation, idParam, isoDateTime, listResponseSchema, queryInteger, queryText } from './api';

/**
 * Custom fields (issue 21): an admin adds a typed field to an allowed entity (horses, jockeys,
 * trainers, owners, tracks), kept as metadata plus values, never as a column; the entity's detail
 * page shows and edits the values. The rules (names, types, values) are the domain's.
 */

/** The most fields an entity may have, and the most rows one bulk write sets. */
export const CUSTOM_FIELDS_PER_TABLE_MAX = 100;
export const CUSTOM_FIELD_BULK_MAX = 500;

/** An entity in a path: the allow-list decides (404 for any other), this only bounds the text. */
const tableParam = () =>
  z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,62}$/, 'must be a table name: a-z, 0-9 and _, starting with a letter')
    .describe(`one of ${CUSTOM_FIELD_ENTITIES.join(', ')}`)
    .meta({ example: 'horses' });

const typeSchema = z
  .enum(CUSTOM_FIELD_TYPES, { message: `must be one of ${CUSTOM_FIELD_TYPES.join(', ')}` })
  .describe(
    'text (≤ 1,000 characters), integer (a safe integer), decimal (12 digits before the point, 4 after; kept as text), boolean, date (YYYY-MM-DD), one_of (one of `options`)',
  );

/** A field's definition. */
export const customFieldSchema = z
  .object({
    id: z.int(),
    table: z.enum(CUSTOM_FIELD_ENTITIES),
    name: z.string(),
    label: z.string(),
    type: z.enum(CUSTOM_FIELD_TYPES),
    options: z.array(z.string()).nullable().describe('the choices of a one_of field; null for the other types'),
    created_at: isoDateTime(),
    created_by: z.int().nullable().describe('the admin who added it'),
  })
  .meta({ id: 'CustomField' });
export type CustomField = z.infer<typeof customFieldSchema>;

export const customFieldsResponseSchema = z
  .object({ items: z.array(customFieldSchema) })
  .meta({ id: 'CustomFieldsResponse' });
export type CustomFieldsResponse = z.infer<typeof customFieldsResponseSchema>;

/** A value as JSON carries it; which ones a field takes is its type's rule (checked by the server). */
export const customFieldValueSchema = z
  .union([z.string(), z.number(), z.boolean()], { message: 'must be text, a number or true/false' })
  .describe('text, integer and boolean as themselves; a decimal as its digits ("12.5"); a date as YYYY-MM-DD');
export type CustomFieldValueJson = z.infer<typeof customFieldValueSchema>;

/** One field of a record with its value there (null: not set). */
export const customFieldEntrySchema = z
  .object({
    id: z.int(),
    name: z.string(),
    label: z.string(),
    type: z.enum(CUSTOM_FIELD_TYPES),
    options: z.array(z.string()).nullable(),
    value: customFieldValueSchema.nullable(),
  })
  .meta({ id: 'CustomFieldEntry' });
export type CustomFieldEntry = z.infer<typeof customFieldEntrySchema>;

/** A record's custom fields, every field of its entity in the order they were added. */
export const recordCustomFieldsSchema = z
  .object({ table: z.enum(CUSTOM_FIELD_ENTITIES), row_id: z.int(), items: z.array(customFieldEntrySchema) })
  .meta({ id: 'RecordCustomFields' });
export type RecordCustomFields = z.infer<typeof recordCustomFieldsSchema>;

/** POST /admin/tables/{table}/addColumn: the spec's `{ columnName }`, with a type (and a label, options). */
export const addCustomFieldRequestSchema = z
  .object({
    columnName: z
      .string({ message: 'is required' })
      .superRefine((name, ctx) => {
        const problem = fieldNameProblem(name);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .describe('the field name: ^[a-z][a-z0-9_]{0,62}$, not a reserved word, not a column the entity has')
      .meta({ example: 'coat_pattern' }),
    type: typeSchema,
    label: z
      .string()
      .max(CUSTOM_FIELD_LABEL_MAX, `must be at most ${CUSTOM_FIELD_LABEL_MAX} characters`)
      .nullish()
      .describe('what the detail page calls it; from the name when left out'),
    options: z
      .array(z.string().max(CUSTOM_FIELD_OPTION_MAX, `must be at most ${CUSTOM_FIELD_OPTION_MAX} characters`))
      .max(CUSTOM_FIELD_OPTIONS_MAX, `must be at most ${CUSTOM_FIELD_OPTIONS_MAX} options`)
      .nullish()
      .describe('one_of only: 1–50 options, each 1–100 characters, none twice'),
  })
  .meta({ example: { columnName: 'coat_pattern', type: 'text', label: 'Coat pattern' } })
  .transform((body, ctx) => {
    const label = checkFieldLabel(body.label, body.columnName);
    if (!label.ok) ctx.addIssue({ code: 'custom', path: ['label'], message: label.message });
    const options = checkFieldOptions(body.type, body.options);
    if (!options.ok) ctx.addIssue({ code: 'custom', path: ['options'], message: options.message });
    if (!label.ok || !options.ok) return z.NEVER;
    return { name: body.columnName, type: body.type, label: label.value, options: options.value };
  })
  .meta({ id: 'AddCustomFieldRequest' });
export type AddCustomFieldRequest = z.input<typeof addCustomFieldRequestSchema>;

/** PUT /admin/custom-fields/{table}/{id}: field name → value, null to clear; fields left out stay. */
export const setCustomValuesRequestSchema = z
  .object({
    values: z
      .record(z.string(), customFieldValueSchema.nullable())
      .describe('field name → value (null clears it); fields not named are left as they are')
      .meta({ example: { coat_pattern: 'blaze' } }),
  })
  .meta({ id: 'SetCustomValuesRequest' });
export type SetCustomValuesRequest = z.infer<typeof setCustomValuesRequestSchema>;

/** POST /admin/custom-fields/{id}/values: one field's value on many records at once (the insert-columns tool). */
export const bulkCustomValuesRequestSchema = z
  .object({
    values: z
      .array(
        z.object({
          row_id: z
            .int({ message: 'must be a record id' })
            .min(1, 'must be a record id')
            .max(2_147_483_647, 'must be a record id'),
          value: customFieldValueSchema.nullable(),
        }),
      )
      .min(1, 'must set at least one record')
      .max(CUSTOM_FIELD_BULK_MAX, `must set at most ${CUSTOM_FIELD_BULK_MAX} records at once`),
  })
  .meta({ id: 'BulkCustomValuesRequest' });
export type BulkCustomValuesRequest = z.infer<typeof bulkCustomValuesRequestSchema>;

export const bulkCustomValuesResponseSchema = z
  .object({
    field: customFieldSchema,
    saved: z.int().describe('records whose value was set'),
    cleared: z.int().describe('records whose value was cleared'),
    audit_id: z.int().describe('the audit log entry of the write'),
  })
  .meta({ id: 'BulkCustomValuesResponse' });
export type BulkCustomValuesResponse = z.infer<typeof bulkCustomValuesResponseSchema>;

/** GET /admin/custom-fields/{id}/values: a page of the field's records (the insert-columns tool). */
export const CUSTOM_FIELD_VALUES_PAGE_DEFAULT = 25;
export const CUSTOM_FIELD_NAME_SEARCH_MAX = 100;

export const customFieldValuesQuerySchema = z.strictObject({
  limit: queryInteger(1, CUSTOM_FIELD_BULK_MAX, CUSTOM_FIELD_VALUES_PAGE_DEFAULT),
  offset: queryInteger(0, 2_147_483_647, 0),
  q: queryText(CUSTOM_FIELD_NAME_SEARCH_MAX).describe(
    'only the records whose name contains this text, in any case (% and _ match themselves)',
  ),
});
export type CustomFieldValuesQuery = z.output<typeof customFieldValuesQuerySchema>;

/** A record of the field's entity with its value there (null: not set). */
export const customFieldRowValueSchema = z
  .object({
    row_id: z.int(),
    name: z.string().describe("the record's name (horse_name, jockey_name, trainer_name, owner_name, track_name)"),
    value: customFieldValueSchema.nullable(),
  })
  .meta({ id: 'CustomFieldRowValue' });
export type CustomFieldRowValue = z.infer<typeof customFieldRowValueSchema>;

export const customFieldValuesPageSchema = listResponseSchema(customFieldRowValueSchema)
  .extend({ field: customFieldSchema })
  .meta({ id: 'CustomFieldValuesPage' });
export type CustomFieldValuesPage = z.infer<typeof customFieldValuesPageSchema>;

const NO_SESSION_401 = 'not logged in, or the session ran out';
const NOT_ADMIN_403 = 'you are not an admin (reason `forbidden`), or a missing or invalid CSRF token';

export const customFieldsApi = {
  addField: defineOperation({
    method: 'post',
    path: '/admin/tables/{table}/addColumn',
    tags: ['admin'],
    access: 'admin',
    summary: 'Add a custom field to an entity (admins only; audited)',
    description:
      "The spec's POST /{table}/addColumn {columnName}, done soundly: no column is made; the field is kept as metadata, its values as rows of their own. The table is one of horses, jockeys, trainers, owners, tracks.",
    params: z.object({ table: tableParam() }),
    body: addCustomFieldRequestSchema,
    status: 201,
    response: customFieldSchema,
    errors: {
      400: 'a bad name (pattern, reserved word, a column the entity has), type, label or options (each is named in `errors`: `columnName`, `type`, `label`, `options`)',
      401: NO_SESSION_401,
      403: NOT_ADMIN_403,
      404: 'custom fields cannot be added to that table',
      409: 'the entity already has a field of that name (reason `field_exists`), or its 100 fields (reason `too_many_fields`)',
    },
  }),
  listFields: defineOperation({
    method: 'get',
    path: '/admin/custom-fields',
    tags: ['admin'],
    access: 'admin',
    summary: 'The custom fields, of one entity or of all (admins only)',
    query: z.strictObject({
      table: z
        .enum(CUSTOM_FIELD_ENTITIES, { message: `must be one of ${CUSTOM_FIELD_ENTITIES.join(', ')}` })
        .optional()
        .describe('only the fields of this entity'),
    }),
    status: 200,
    response: customFieldsResponseSchema,
    errors: {
      400: 'a bad or unknown query parameter (each is named in `errors`)',
      401: NO_SESSION_401,
      403: 'you are not an admin (reason `forbidden`)',
    },
  }),
  deleteField: defineOperation({
    method: 'delete',
    path: '/admin/custom-fields/{id}',
    tags: ['admin'],
    access: 'admin',
    summary: 'Drop a custom field and every value of it (admins only; audited with the field and its values)',
    params: z.object({ id: idParam() }),
    status: 204,
    response: null,
    errors: {
      400: 'a bad id',
      401: NO_SESSION_401,
      403: NOT_ADMIN_403,
      404: 'no such field',
    },
  }),
  recordFields: defineOperation({
    method: 'get',
    path: '/custom-fields/{table}/{id}',
    tags: ['catalog'],
    access: 'public',
    summary: "A record's custom fields with their values, for its detail page",
    params: z.object({ table: tableParam(), id: idParam() }),
    status: 200,
    response: recordCustomFieldsSchema,
    errors: {
      400: 'a bad table name or id',
      404: 'no such record, or a table without custom fields',
    },
  }),
  setRecordValues: defineOperation({
    method: 'put',
    path: '/admin/custom-fields/{table}/{id}',
    tags: ['admin'],
    access: 'admin',
    summary: "Set or clear a record's custom field values (admins only; audited with before and after)",
    params: z.object({ table: tableParam(), id: idParam() }),
    body: setCustomValuesRequestSchema,
    status: 200,
    response: recordCustomFieldsSchema,
    errors: {
      400: 'an unknown field or a value its type refuses (named `values.<name>`)',
      401: NO_SESSION_401,
      403: NOT_ADMIN_403,
      404: 'no such record, or a table without custom fields',
    },
  }),
  bulkValues: defineOperation({
    method: 'post',
    path: '/admin/custom-fields/{id}/values',
    tags: ['admin'],
    access: 'admin',
    summary: "Set one field's value on up to 500 records at once, all or nothing (admins only; one audit entry)",
    params: z.object({ id: idParam() }),
    body: bulkCustomValuesRequestSchema,
    status: 200,
    response: bulkCustomValuesResponseSchema,
    errors: {
      400: 'a record that does not exist or is named twice (`values[i].row_id`), or a value the type refuses (`values[i].value`)',
      401: NO_SESSION_401,
      403: NOT_ADMIN_403,
      404: 'no such field',
    },
  }),
  fieldValues: defineOperation({
    method: 'get',
    path: '/admin/custom-fields/{id}/values',
    tags: ['admin'],
    access: 'admin',
    summary: "A page of the field's records, by id, each with its name and value (admins only)",
    description:
      'The insert-columns tool reads a page of records and their values in one request. `q` keeps the records whose name contains it.',
    params: z.object({ id: idParam() }),
    query: customFieldValuesQuerySchema,
    status: 200,
    response: customFieldValuesPageSchema,
    errors: {
      400: 'a bad id, or a bad or unknown query parameter (each is named in `errors`: `limit`, `offset`, `q`)',
      401: NO_SESSION_401,
      403: 'you are not an admin (reason `forbidden`)',
      404: 'no such field',
    },
  }),
} as const;
