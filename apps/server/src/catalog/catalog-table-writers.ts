import { ConflictException, Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import type { AuditContext } from '../audit/audit-context';
import { AuditLog } from '../audit/audit-log';
import { InvalidRequestException, notFound, refusal, refusalMessage } from '../common/api-error';
import { inUse, rowReferences, type TableWriter } from '../common/table-writer';
import { write } from '../common/write-result';
import { CatalogService } from './catalog.service';

type Row = Record<string, unknown>;

/** A name as the catalog keeps it: trimmed text, 1–100 characters. */
const nameField = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters');

/** The catalog's people: a row is a name (jockeys also keep earnings, derived from results). */
interface NamedTable {
  table: 'jockeys' | 'trainers' | 'owners';
  label: string;
  name: 'jockey_name' | 'trainer_name' | 'owner_name';
  /** The columns the audit log keeps of a row. */
  columns: string;
  /** How other tables name a reference to it (`jockey_id`, `stud_owner_id`…). */
  reference: string;
}

const JOCKEYS: NamedTable = {
  table: 'jockeys',
  label: 'Jockey',
  name: 'jockey_name',
  columns: 'id, jockey_name, earnings_cents',
  reference: 'jockey_id',
};
const TRAINERS: NamedTable = {
  table: 'trainers',
  label: 'Trainer',
  name: 'trainer_name',
  columns: 'id, trainer_name',
  reference: 'trainer_id',
};
const OWNERS: NamedTable = {
  table: 'owners',
  label: 'Owner',
  name: 'owner_name',
  columns: 'id, owner_name, user_id',
  reference: 'owner_id',
};

const TRACK_COLUMNS = 'id, track_name, location';

/**
 * The catalog's writers for the table manager (issue 21): jockeys, trainers and owners take new
 * rows, a new name, and a delete when nothing refers to the row (a horse, an entry, a result, a
 * past performance, a pick…: 409 `in_use`, naming them); an owner that is a user's stable is never
 * deleted, and its user is never re-pointed (user_id is not editable). Tracks take a new name or
 * location only: a track's card, times and distances are what racing runs by, and a track goes
 * with its races. Each write locks the row, is audited in its transaction (refusals too), and
 * clears the catalog's cached lists so they show it at once.
 */
@Injectable()
export class CatalogTableWriters {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(CatalogService) private readonly catalog: CatalogService,
  ) {}

  writers(): TableWriter[] {
    return [this.named(JOCKEYS), this.named(TRAINERS), this.named(OWNERS), this.tracks()];
  }

  private named(t: NamedTable): TableWriter {
    const schema = z.strictObject({ [t.name]: nameField }) as unknown as z.ZodType<Row, unknown>;
    const ownersOnly = t.table === 'owners';
    return {
      table: t.table,
      editable: [t.name],
      required: [t.name],
      reason: ownersOnly ? 'An owner that is a user’s stable is not deleted, and its user_id is not changed.' : null,
      create: {
        schema,
        apply: (ctx, values) =>
          this.change(ctx, 'row.create', t.table, 'new', async (m) => {
            const [after]: Row[] = await m.query(
              `INSERT INTO ${t.table} (${t.name}) VALUES ($1) RETURNING ${t.columns}`,
              [values[t.name]],
            );
            return { id: Number(after?.id), before: null, after: after ?? null };
          }),
      },
      update: {
        schema,
        apply: async (ctx, id, values) => {
          await this.change(ctx, 'row.update', t.table, id, async (m, refused) => {
            const before = await this.lock(m, t.table, t.columns, t.label, id);
            refused.before = before;
            const { rows } = await write<Row>(
              m,
              `UPDATE ${t.table} SET ${t.name} = $2 WHERE id = $1 RETURNING ${t.columns}`,
              [id, values[t.name]],
            );
            return { id, before, after: rows[0] ?? null };
          });
        },
      },
      delete: {
        apply: async (ctx, id) => {
          await this.change(ctx, 'row.delete', t.table, id, async (m, refused) => {
            const before = await this.lock(m, t.table, t.columns, t.label, id);
            refused.before = before;
            if (ownersOnly && before.user_id !== null && before.user_id !== undefined) {
              throw refusal(
                `Owner ${id} is the stable of user ${String(before.user_id)}: it cannot be deleted.`,
                'in_use',
              );
            }
            const references = await rowReferences(this.dataSource, m, t.table, t.reference, id);
            if (references.length > 0) throw inUse(t.label, id, references);
            await m.query(`DELETE FROM ${t.table} WHERE id = $1`, [id]);
            return { id, before, after: null };
          });
        },
      },
    };
  }

  private tracks(): TableWriter {
    const schema = z
      .strictObject({ track_name: nameField.optional(), location: nameField.optional() })
      .refine((v) => Object.values(v).some((x) => x !== undefined), {
        message: 'name at least one column to change: track_name or location',
      }) as unknown as z.ZodType<Row, unknown>;
    return {
      table: 'tracks',
      editable: ['track_name', 'location'],
      required: [],
      reason:
        'Only a track’s name and location are edited here: its card, times and distances are what the racing scheduler runs by, and a track is not added or deleted by hand (its races go with it).',
      update: {
        schema,
        apply: async (ctx, id, values) => {
          await this.change(ctx, 'row.update', 'tracks', id, async (m, refused) => {
            const before = await this.lock(m, 'tracks', TRACK_COLUMNS, 'Track', id);
            refused.before = before;
            const name = values.track_name as string | undefined;
            if (name !== undefined && name !== before.track_name) {
              const taken: unknown[] = await m.query('SELECT 1 FROM tracks WHERE track_name = $1 AND id <> $2', [
                name,
                id,
              ]);
              if (taken.length > 0) throw refusal(`Another track is named ${name}.`, 'taken');
            }
            const { rows } = await write<Row>(
              m,
              `UPDATE tracks SET track_name = COALESCE($2, track_name), location = COALESCE($3, location)
                WHERE id = $1 RETURNING ${TRACK_COLUMNS}`,
              [id, name ?? null, (values.location as string | undefined) ?? null],
            );
            return { id, before, after: rows[0] ?? null };
          });
        },
      },
    };
  }

  private async lock(m: EntityManager, table: string, columns: string, label: string, id: number): Promise<Row> {
    const [row]: Row[] = await m.query(`SELECT ${columns} FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
    if (!row) throw notFound(label, id);
    return row;
  }

  /**
   * One write: made and audited (before → after) in one transaction; a refusal (409, or 400 from a
   * rule) audited as refused with the row as it was. The cached lists are forgotten either way.
   */
  private async change(
    ctx: AuditContext,
    action: string,
    table: string,
    rowId: number | 'new',
    work: (
      m: EntityManager,
      refused: { before: Row | null },
    ) => Promise<{ id: number; before: Row | null; after: Row | null }>,
  ): Promise<number> {
    const refused: { before: Row | null } = { before: null };
    try {
      return await this.dataSource.transaction(async (m) => {
        const { id, before, after } = await work(m, refused);
        await this.audit.record(m, ctx, { action, table, rowId: id, before, after });
        return id;
      });
    } catch (caught) {
      const err = translate(caught, table);
      if (err instanceof ConflictException || err instanceof InvalidRequestException) {
        await this.audit.refused(ctx, { action, table, rowId, before: refused.before }, refusalMessage(err));
      }
      throw err;
    } finally {
      this.catalog.forgetLists();
    }
  }
}

/** A constraint the database enforced in the end (a reference made meanwhile, a name taken) as a 409. */
function translate(err: unknown, table: string): unknown {
  const code =
    (err as { driverError?: { code?: string }; code?: string })?.driverError?.code ?? (err as { code?: string })?.code;
  if (code === '23503') return refusal(`A row of ${table} that other rows refer to cannot be deleted.`, 'in_use');
  if (code === '23505') return refusal(`That value of ${table} is taken.`, 'taken');
  return err;
}
