import type {
  BulkCustomValuesRequest,
  BulkCustomValuesResponse,
  CustomField,
  CustomFieldValueJson,
  CustomFieldValuesPage,
  CustomFieldValuesQuery,
  RecordCustomFields,
} from '@furlong/contracts';
import { CATALOG_KINDS, CUSTOM_FIELDS_PER_TABLE_MAX } from '@furlong/contracts';
import {
  CUSTOM_FIELD_ENTITIES,
  type CustomFieldEntity,
  type CustomFieldType,
  type CustomFieldValue,
  checkFieldValue,
  fieldNameProblem,
  isCustomFieldEntity,
} from '@furlong/domain';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuditContext } from '../audit/audit-context';
import { AuditLog } from '../audit/audit-log';
import { CatalogService } from '../catalog/catalog.service';
import { type FieldProblem, InvalidRequestException, notFound, refusal } from '../common/api-error';
import { Clock } from '../common/clock';
import { CustomFieldsRepository, type ValueWrite } from './custom-fields.repository';

/** A new field as the request's schema read it (name, label and options checked by the domain's rules). */
export interface NewField {
  name: string;
  type: CustomFieldType;
  label: string;
  options: string[] | null;
}

const VALUES_TABLE = 'custom_field_values';

function notAllowed(table: string): NotFoundException {
  return new NotFoundException({
    statusCode: 404,
    error: 'Not Found',
    message: `Custom fields cannot be added to ${table.slice(0, 63)}: only to horses, jockeys, trainers, owners and tracks`,
  });
}

/** A name from a request, as an error names it (a key may be any text). */
const shown = (name: string) => (name.length > 63 ? `${name.slice(0, 63)}…` : name);

/**
 * Custom fields instead of raw columns (issue 21): an admin adds a typed field to an allowed entity,
 * kept as metadata plus values; the values are set one record at a time (its detail page) or one
 * field on many records (the insert-columns tool), and read by anyone with the record. Every write
 * is audited in its transaction, a refusal in one of its own. The records belong to the catalog:
 * it is asked whether they exist (and keeps them while a write attaches values to them).
 */
@Injectable()
export class CustomFields {
  private existingColumns = new Map<string, readonly string[]>();

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(CustomFieldsRepository) private readonly fields: CustomFieldsRepository,
    @Inject(CatalogService) private readonly catalog: CatalogService,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  list(table?: CustomFieldEntity): Promise<CustomField[]> {
    return this.fields.list(table);
  }

  /** POST /api/admin/tables/{table}/addColumn */
  async add(ctx: AuditContext, table: string, field: NewField): Promise<CustomField> {
    const entity = this.entity(table);
    const change = {
      action: 'custom_field.add',
      table: 'custom_fields',
      rowId: `${entity}.${field.name}`,
      before: null,
    };
    return this.audit.refusalsOf(ctx, change, async () => {
      const problem = fieldNameProblem(field.name, this.columnsOf(entity));
      if (problem) throw new InvalidRequestException([{ field: 'columnName', reason: problem }]);
      return this.dataSource.transaction(async (m) => {
        const count = await this.fields.lockTable(m, entity);
        if (count >= CUSTOM_FIELDS_PER_TABLE_MAX) {
          throw refusal(`${entity} has ${CUSTOM_FIELDS_PER_TABLE_MAX} fields: drop one first`, 'too_many_fields');
        }
        const made = await this.fields.insert(m, { ...field, table: entity }, ctx.actorUserId);
        if (!made) throw refusal(`${entity} already has a field named ${field.name}`, 'field_exists');
        await this.audit.record(m, ctx, { ...change, rowId: made.id, after: { ...made } });
        return made;
      });
    });
  }

  /** DELETE /api/admin/custom-fields/{id}: the field and every value of it; the audit row keeps both. */
  async delete(ctx: AuditContext, id: number): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const field = await this.fields.find(m, id, 'update');
      if (!field) throw notFound('Custom field', id);
      const values = await this.fields.valuesOfField(m, id);
      await this.fields.delete(m, id);
      await this.audit.record(m, ctx, {
        action: 'custom_field.delete',
        table: 'custom_fields',
        rowId: id,
        before: { ...field, values: Object.fromEntries(values) },
        after: null,
      });
    });
  }

  /**
   * The scan and insert's check for orphaned rows: values held for records that are no longer
   * there (a jockey deleted in the table manager takes none of its values with it: they are ours,
   * the record the catalog's). The catalog says which records exist; the rest's values are removed.
   */
  async orphanedValues(): Promise<{ found: number; fixed: number; note: string }> {
    return this.dataSource.transaction(async (m) => {
      let found = 0;
      const gone: string[] = [];
      for (const entity of CUSTOM_FIELD_ENTITIES) {
        const rowIds = await this.fields.rowIdsWithValues(m, entity);
        if (rowIds.length === 0) continue;
        const existing = await this.catalog.existingIds(entity, rowIds, m, false);
        const missing = rowIds.filter((id) => !existing.has(id));
        if (missing.length === 0) continue;
        found += await this.fields.deleteValuesOfRows(m, entity, missing);
        gone.push(`${entity} ${missing.join(', ')}`);
      }
      return { found, fixed: found, note: found > 0 ? `removed: the values of ${gone.join('; ')}` : '' };
    });
  }

  /** GET /api/custom-fields/{table}/{id}: every field of the entity with the record's value (null: not set). */
  async ofRecord(table: string, id: number): Promise<RecordCustomFields> {
    const entity = this.entity(table);
    // A page view: a plain read, no transaction and no lock on the record.
    const m = this.dataSource.manager;
    await this.assertRecord(m, entity, id, false);
    return this.read(m, entity, id);
  }

  /** PUT /api/admin/custom-fields/{table}/{id}: sets the named fields' values (null clears one); the rest stay. */
  async setValues(
    ctx: AuditContext,
    table: string,
    id: number,
    values: Record<string, CustomFieldValueJson | null>,
  ): Promise<RecordCustomFields> {
    const entity = this.entity(table);
    const change = { action: 'custom_field.set', table: VALUES_TABLE, rowId: `${entity}:${id}`, before: null };
    return this.audit.refusalsOf(ctx, change, () =>
      this.dataSource.transaction(async (m) => {
        await this.assertRecord(m, entity, id);
        const fields = await this.fields.listForShare(m, entity);
        const byName = new Map(fields.map((f) => [f.name, f]));
        const problems: FieldProblem[] = [];
        const writes: ValueWrite[] = [];
        const entries = Object.entries(values);
        if (entries.length > CUSTOM_FIELDS_PER_TABLE_MAX) {
          throw new InvalidRequestException([
            { field: 'values', reason: `must name at most ${CUSTOM_FIELDS_PER_TABLE_MAX} fields` },
          ]);
        }
        for (const [name, value] of entries) {
          const field = byName.get(name);
          if (!field) {
            problems.push({ field: `values.${shown(name)}`, reason: `is not a custom field of ${entity}` });
            continue;
          }
          const checked = value === null ? ({ ok: true, value: null } as const) : checkFieldValue(field, value);
          if (checked.ok) writes.push({ fieldId: field.id, rowId: id, value: checked.value });
          else problems.push({ field: `values.${name}`, reason: checked.message });
        }
        if (problems.length > 0) throw new InvalidRequestException(problems);
        const before = await this.read(m, entity, id, fields);
        await this.fields.write(m, writes, ctx.actorUserId, this.clock.now());
        const after = await this.read(m, entity, id, fields);
        await this.audit.record(m, ctx, {
          ...change,
          before: { table: entity, row_id: id, values: valuesByName(before) },
          after: { table: entity, row_id: id, values: valuesByName(after) },
        });
        return after;
      }),
    );
  }

  /**
   * POST /api/admin/custom-fields/{id}/values: one field's value on many records, all or nothing;
   * every record must exist. One audit row keeps the values before and after, by record id.
   */
  async setMany(ctx: AuditContext, fieldId: number, body: BulkCustomValuesRequest): Promise<BulkCustomValuesResponse> {
    const rowIds = body.values.map((v) => v.row_id);
    const change = { action: 'custom_field.bulk_set', table: VALUES_TABLE, rowId: `field:${fieldId}`, before: null };
    let auditId = 0;
    return this.audit.refusalsOf(ctx, change, async () => {
      const first = new Map<number, number>();
      const twice: FieldProblem[] = [];
      for (const [i, rowId] of rowIds.entries()) {
        const j = first.get(rowId);
        if (j === undefined) first.set(rowId, i);
        else twice.push({ field: `values[${i}].row_id`, reason: `is named twice (values[${j}] too)` });
      }
      if (twice.length > 0) throw new InvalidRequestException(twice);
      const field = await this.dataSource.transaction(async (m) => {
        const found = await this.fields.find(m, fieldId, 'share');
        if (!found) throw notFound('Custom field', fieldId);
        const problems: FieldProblem[] = [];
        const writes: ValueWrite[] = [];
        for (const [i, { row_id, value }] of body.values.entries()) {
          const checked = value === null ? ({ ok: true, value: null } as const) : checkFieldValue(found, value);
          if (checked.ok) writes.push({ fieldId, rowId: row_id, value: checked.value });
          else problems.push({ field: `values[${i}].value`, reason: checked.message });
        }
        const existing = await this.catalog.existingIds(found.table, rowIds, m);
        const label = CATALOG_KINDS[found.table].label.toLowerCase();
        for (const [i, rowId] of rowIds.entries()) {
          if (!existing.has(rowId))
            problems.push({ field: `values[${i}].row_id`, reason: `no ${label} has id ${rowId}` });
        }
        if (problems.length > 0) throw new InvalidRequestException(problems);
        const before = await this.fields.valuesOfField(m, fieldId, rowIds);
        await this.fields.write(m, writes, ctx.actorUserId, this.clock.now());
        const after = await this.fields.valuesOfField(m, fieldId, rowIds);
        const keyed = (values: Map<number, CustomFieldValue>) =>
          Object.fromEntries(rowIds.map((r) => [String(r), values.get(r) ?? null]));
        auditId = await this.audit.record(m, ctx, {
          ...change,
          before: { field_id: fieldId, table: found.table, name: found.name, values: keyed(before) },
          after: { field_id: fieldId, table: found.table, name: found.name, values: keyed(after) },
        });
        return found;
      });
      const cleared = body.values.filter((v) => v.value === null).length;
      return { field, saved: body.values.length - cleared, cleared, audit_id: auditId };
    });
  }

  /**
   * GET /api/admin/custom-fields/{id}/values: a page of the field's records by id (the catalog
   * pages their ids and names), each with its value; one request for the insert-columns tool.
   */
  async valuesPage(fieldId: number, query: CustomFieldValuesQuery): Promise<CustomFieldValuesPage> {
    const m = this.dataSource.manager;
    const field = await this.fields.find(m, fieldId);
    if (!field) throw notFound('Custom field', fieldId);
    const { limit, offset } = query;
    const page = await this.catalog.names(field.table, { limit, offset, q: query.q?.trim() || undefined });
    const ids = page.items.map((r) => r.id);
    const values =
      ids.length > 0 ? await this.fields.valuesOfField(m, fieldId, ids) : new Map<number, CustomFieldValue>();
    return {
      field,
      items: page.items.map((r) => ({ row_id: r.id, name: r.name, value: values.get(r.id) ?? null })),
      total: page.total,
      limit,
      offset,
    };
  }

  /** The entity of a request's table, or 404. */
  private entity(table: string): CustomFieldEntity {
    if (!isCustomFieldEntity(table)) throw notAllowed(table);
    return table;
  }

  /** The entity's own columns, from the entity metadata the migrations follow. */
  private columnsOf(entity: CustomFieldEntity): readonly string[] {
    let columns = this.existingColumns.get(entity);
    if (!columns) {
      const metadata = this.dataSource.entityMetadatas.find((m) => m.tableName === entity);
      if (!metadata) throw new Error(`no entity for table ${entity}`);
      columns = metadata.columns.map((c) => c.databaseName);
      this.existingColumns.set(entity, columns);
    }
    return columns;
  }

  private async assertRecord(m: EntityManager, entity: CustomFieldEntity, id: number, keep = true): Promise<void> {
    const found = await this.catalog.existingIds(entity, [id], m, keep);
    if (!found.has(id)) throw notFound(CATALOG_KINDS[entity].label, id);
  }

  private async read(
    m: EntityManager,
    entity: CustomFieldEntity,
    id: number,
    known?: CustomField[],
  ): Promise<RecordCustomFields> {
    const fields = known ?? (await this.fields.list(entity, m));
    const values = await this.fields.valuesOfRow(
      fields.map((f) => f.id),
      id,
      m,
    );
    return {
      table: entity,
      row_id: id,
      items: fields.map((f) => ({
        id: f.id,
        name: f.name,
        label: f.label,
        type: f.type,
        options: f.options,
        value: values.get(f.id) ?? null,
      })),
    };
  }

  /** Runs a write; a refusal by a rule (400 from here, 409) is audited in a transaction of its own and thrown. */
}

function valuesByName(record: RecordCustomFields): Record<string, CustomFieldValue | null> {
  return Object.fromEntries(record.items.map((f) => [f.name, f.value]));
}
