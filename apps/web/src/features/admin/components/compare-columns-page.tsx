import type { SchemaColumn, SchemaDrift } from '@furlong/contracts';
import { Page } from '../../../components/ui/page';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { formatNumber } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useSchemaCheck } from '../api/tables';
import './tables.css';

const columnText = (c: Pick<SchemaColumn, 'type' | 'nullable'>) => `${c.type}, ${c.nullable ? 'null' : 'not null'}`;

/** One drifting table's columns: what the code expects against what the database has. */
function DriftTable({ drift }: { drift: SchemaDrift }) {
  const lines = [
    ...drift.missing.map((c) => ({
      column: c.column,
      what: 'missing in the database',
      code: columnText(c),
      db: '—',
    })),
    ...drift.extra.map((c) => ({ column: c.column, what: 'not in the code', code: '—', db: columnText(c) })),
    ...drift.different.map((d) => ({
      column: d.column,
      what: d.expected_type !== d.actual_type ? 'type differs' : 'nullability differs',
      code: columnText({ type: d.expected_type, nullable: d.expected_nullable }),
      db: columnText({ type: d.actual_type, nullable: d.actual_nullable }),
    })),
  ];
  return (
    <section className="drift-table" aria-label={`Drift in ${drift.table}`}>
      <h2>{drift.table}</h2>
      {drift.table_missing ? <p className="status status-error">The database has no such table.</p> : null}
      <div className="table-scroll">
        <table>
          <caption className="visually-hidden">Columns of {drift.table} that differ</caption>
          <thead>
            <tr>
              <th scope="col">Column</th>
              <th scope="col">Difference</th>
              <th scope="col">In the code</th>
              <th scope="col">In the database</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={`${l.what} ${l.column}`}>
                <td>{l.column}</td>
                <td>{l.what}</td>
                <td>{l.code}</td>
                <td>{l.db}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * The compare-columns tool (issue 21, /compare-columns; admins): the columns the code expects (its
 * entity metadata) against the columns the database has, per table. It only reports: the schema
 * changes by committed migrations, never from here.
 */
export function CompareColumnsPage() {
  const session = useSession();
  const isAdmin = session?.role === 'admin';
  const check = useSchemaCheck(isAdmin);
  if (!isAdmin) {
    return (
      <Page title="Compare Columns">
        <p className="status status-error">This page is for administrators.</p>
      </Page>
    );
  }
  const report = check.data;
  return (
    <Page title="Compare Columns">
      <p>
        The columns the code expects — name, type and whether it may be null — against the columns the database has, for
        every table. This only reports a difference; the schema is changed by migrations. Custom fields are kept as
        rows, not columns, so they never show here.
      </p>
      {check.isPending ? <Loading text="Checking the schema..." /> : null}
      {check.isError ? <ErrorMessage error={check.error} text="The schema could not be checked." /> : null}
      {report && report.drift.length === 0 ? (
        <p className="status status-ok" role="status">
          The database matches the code: {formatNumber(report.tables_checked)} tables,{' '}
          {formatNumber(report.columns_checked)} columns checked.
        </p>
      ) : null}
      {report && report.drift.length > 0 ? (
        <>
          <p className="status status-error" role="status">
            {report.drift.length} of {formatNumber(report.tables_checked)} tables differ from the code (
            {formatNumber(report.columns_checked)} columns checked).
          </p>
          {report.drift.map((d) => (
            <DriftTable key={d.table} drift={d} />
          ))}
        </>
      ) : null}
      {report ? (
        <button
          type="button"
          className="button secondary"
          disabled={check.isFetching}
          onClick={() => void check.refetch()}
        >
          Check again
        </button>
      ) : null}
    </Page>
  );
}
