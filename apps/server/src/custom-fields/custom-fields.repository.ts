import type { CustomField } from '@furlong/contracts';
import type { CustomFieldEntity, CustomFieldType, CustomFieldValue } from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { write } from '../common/write-result';

interface FieldRowDb {
  id: number;
  table_name: string;
  name: string;
  label: string;
  type: string;
  options: string[] | null;
  created_at: Date;
  created_by: number | null;
}

const FIELD_COLUMNS = 'id, table_name, name, label, type, options, created_at, created_by';

function toField(r: FieldRowDb): CustomField {
  return {
    id: r.id,
    table: r.table_name as CustomFieldEntity,
    name: r.name,
    label: r.label,
    type: r.type as CustomFieldType,
    options: r.options,
    created_at: new Date(r.created_at).toISOString(),
    created_by: r.created_by,
  };
}

/** A value to write (null: clear it). */
export interface ValueWrite {
  fieldId: number;
  rowId: number;
  value: CustomFieldValue | null;
}

/**
 * The custom fields' two tables: the definitions and the values (jsonb, every value bound, never in
 * the SQL's text). Reads inside a transaction go through its manager.
 */
@Injectable()
export class CustomFieldsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async list(table?: CustomFieldEntity, m: EntityManager = this.dataSource.manager): Promise<CustomField[]> {
    const rows: FieldRowDb[] = await m.query(
      `SELECT ${FIELD_COLUMNS} FROM custom_fields WHERE ($1::text IS NULL OR table_name = $1) ORDER BY table_name, id`,
      [table ?? null],
    );
    return rows.map(toField);
  }

  /** The entity's fields, each kept from being dropped until the transaction of `m` ends. */
  async listForShare(m: EntityManager, table: CustomFieldEntity): Promise<CustomField[]> {
    const rows: FieldRowDb[] = await m.query(
      `SELECT ${FIELD_COLUMNS} FROM custom_fields WHERE table_name = $1 ORDER BY id FOR SHARE`,
      [table],
    );
    return rows.map(toField);
  }

  /** One field, locked as `lock` says until the transaction of `m` ends (no lock: a plain read). */
  async find(m: EntityManager, id: number, lock?: 'share' | 'update'): Promise<CustomField | undefined> {
    const locking = lock === 'share' ? 'FOR SHARE' : lock === 'update' ? 'FOR UPDATE' : '';
    const rows: FieldRowDb[] = await m.query(`SELECT ${FIELD_COLUMNS} FROM custom_fields WHERE id = $1 ${locking}`, [
      id,
    ]);
    return rows[0] && toField(rows[0]);
  }

  /** Serializes the additions to one entity's fields (the count limit holds under concurrency). */
  async lockTable(m: EntityManager, table: CustomFieldEntity): Promise<number> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('custom_fields:' || $1))`, [table]);
    const [row]: { n: number }[] = await m.query('SELECT count(*)::int AS n FROM custom_fields WHERE table_name = $1', [
      table,
    ]);
    return row?.n ?? 0;
  }

  /** Adds a field; undefined when the entity already has one of that name. */
  async insert(
    m: EntityManager,
    field: { table: CustomFieldEntity; name: string; label: string; type: CustomFieldType; options: string[] | null },
    by: number | null,
  ): Promise<CustomField | undefined> {
    const rows: FieldRowDb[] = await m.query(
      `INSERT INTO custom_fields (table_name, name, label, type, options, created_by)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6)
       ON CONFLICT (table_name, name) DO NOTHING
       RETURNING ${FIELD_COLUMNS}`,
      [field.table, field.name, field.label, field.type, field.options ? JSON.stringify(field.options) : null, by],
    );
    return rows[0] && toField(rows[0]);
  }

  /** Drops a field; its values go with it (ON DELETE CASCADE). */
  async delete(m: EntityManager, id: number): Promise<void> {
    await m.query('DELETE FROM custom_fields WHERE id = $1', [id]);
  }

  /** Every value of a field: row id → value. */
  async valuesOfField(
    m: EntityManager,
    fieldId: number,
    rowIds?: readonly number[],
  ): Promise<Map<number, CustomFieldValue>> {
    const rows: { row_id: string; value: CustomFieldValue }[] = await m.query(
      `SELECT row_id, value FROM custom_field_values
        WHERE field_id = $1 AND ($2::bigint[] IS NULL OR row_id = ANY($2::bigint[])) ORDER BY row_id`,
      [fieldId, rowIds ? [...rowIds] : null],
    );
    return new Map(rows.map((r) => [Number(r.row_id), r.value]));
  }

  /** A record's values of these fields: field id → value. */
  async valuesOfRow(
    fieldIds: readonly number[],
    rowId: number,
    m: EntityManager = this.dataSource.manager,
  ): Promise<Map<number, CustomFieldValue>> {
    if (fieldIds.length === 0) return new Map();
    const rows: { field_id: number; value: CustomFieldValue }[] = await m.query(
      'SELECT field_id, value FROM custom_field_values WHERE field_id = ANY($1::int[]) AND row_id = $2',
      [[...fieldIds], rowId],
    );
    return new Map(rows.map((r) => [r.field_id, r.value]));
  }

  /** The records of an entity that hold a value of any of its fields. */
  async rowIdsWithValues(m: EntityManager, table: CustomFieldEntity): Promise<number[]> {
    const rows: { row_id: string }[] = await m.query(
      `SELECT DISTINCT v.row_id FROM custom_field_values v JOIN custom_fields f ON f.id = v.field_id
        WHERE f.table_name = $1 ORDER BY v.row_id`,
      [table],
    );
    return rows.map((r) => Number(r.row_id));
  }

  /** Removes every value the records hold of the entity's fields; answers how many went. */
  async deleteValuesOfRows(m: EntityManager, table: CustomFieldEntity, rowIds: readonly number[]): Promise<number> {
    const { count } = await write(
      m,
      `DELETE FROM custom_field_values v USING custom_fields f
        WHERE f.id = v.field_id AND f.table_name = $1 AND v.row_id = ANY($2::bigint[])`,
      [table, [...rowIds]],
    );
    return count;
  }

  /** Sets and clears values in two statements, whatever their number; the values as one bound JSON document. */
  async write(m: EntityManager, writes: readonly ValueWrite[], by: number | null, at: Date): Promise<void> {
    const sets = writes.filter((w) => w.value !== null);
    const clears = writes.filter((w) => w.value === null);
    if (sets.length > 0) {
      await m.query(
        `INSERT INTO custom_field_values (field_id, row_id, value, updated_at, updated_by)
         SELECT t.field_id, t.row_id, t.value, $2, $3
           FROM jsonb_to_recordset($1::jsonb) AS t(field_id int, row_id bigint, value jsonb)
         ON CONFLICT (field_id, row_id)
         DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
        [JSON.stringify(sets.map((w) => ({ field_id: w.fieldId, row_id: w.rowId, value: w.value }))), at, by],
      );
    }
    if (clears.length > 0) {
      await m.query(
        `DELETE FROM custom_field_values v
          USING jsonb_to_recordset($1::jsonb) AS t(field_id int, row_id bigint)
          WHERE v.field_id = t.field_id AND v.row_id = t.row_id`,
        [JSON.stringify(clears.map((w) => ({ field_id: w.fieldId, row_id: w.rowId })))],
      );
    }
  }
}
