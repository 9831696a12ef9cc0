import type { CatalogKindName } from '@furlong/contracts';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { type CatalogRow, useCatalogRecord } from '../../../api/catalog-record';
import { BackButton, Page } from '../../../components/ui/page';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { KIND_SINGULAR, SHEET_COLUMNS_DEFAULT, SHEET_DEFAULTS, SINGULAR_KIND } from '../../../config/ui';
import { columnLabel, formatCell } from '../../../lib/format';
import { hasProfile, Profile } from './profiles';
import { RelatedRecords } from './related-records';

const MAX_SHEET_COLUMNS = 6;

/** The sheet of a field that names another record (jockey_id → the jockey's sheet), if it has one. */
function linkFor(field: string, value: unknown): string | undefined {
  const match = /^(\w+?)_id$/.exec(field);
  if (!match?.[1] || typeof value !== 'number') return undefined;
  return SINGULAR_KIND[match[1]] ? `/page-${match[1]}/${value}` : undefined;
}

/** Plain fields only: nested lists (a race's entries, its result) are shown below the sheet. */
function sheetFields(record: CatalogRow): [string, unknown][] {
  return Object.entries(record).filter(
    ([, v]) => v === null || typeof v !== 'object' || (Array.isArray(v) && v.every((x) => typeof x !== 'object')),
  );
}

/**
 * /page-{kind}/{id} and /{kind}/{id}: one record as read-only fields, with count and column controls;
 * `more` adds a section another area fills (the custom fields' "More details").
 */
export function RecordSheetPage({ kind, more }: { kind: CatalogKindName; more?: (id: number) => ReactNode }) {
  const { id: idText = '' } = useParams();
  const id = Number(idText);
  const record = useCatalogRecord(kind, id);
  const defaults = SHEET_DEFAULTS[kind] ?? { fields: 8, skip: 0 };
  const [fieldCount, setFieldCount] = useState(defaults.fields);
  const [columns, setColumns] = useState(SHEET_COLUMNS_DEFAULT);
  const singular = KIND_SINGULAR[kind] ?? kind;
  const title = `${singular.charAt(0).toUpperCase()}${singular.slice(1)} ${Number.isInteger(id) ? id : ''}`.trim();

  if (!Number.isInteger(id) || id < 1) {
    return (
      <Page title={title} actions={<BackButton label="Back" />}>
        <ErrorMessage text={`Error: '${idText}' is not a record id.`} />
      </Page>
    );
  }
  if (record.isPending) {
    return (
      <Page title={title} actions={<BackButton label="Back" />}>
        <Loading />
      </Page>
    );
  }
  if (record.isError) {
    return (
      <Page title={title} actions={<BackButton label="Back" />}>
        <ErrorMessage error={record.error} />
      </Page>
    );
  }

  const fields = sheetFields(record.data).slice(defaults.skip);
  const count = Math.min(Math.max(1, fieldCount), fields.length);
  const heading = String(record.data[nameField(record.data)] ?? title);

  const sheet = (
    <>
      <div className="table-controls">
        <div className="control">
          <label htmlFor="sheet-fields">Fields</label>
          <input
            id="sheet-fields"
            type="number"
            min={1}
            max={fields.length}
            value={count}
            onChange={(e) => setFieldCount(Number(e.target.value) || 1)}
          />
          <span className="hint">of {fields.length}</span>
        </div>
        <div className="control">
          <label htmlFor="sheet-columns">Columns</label>
          <input
            id="sheet-columns"
            type="number"
            min={1}
            max={MAX_SHEET_COLUMNS}
            value={columns}
            onChange={(e) => setColumns(Math.min(MAX_SHEET_COLUMNS, Math.max(1, Number(e.target.value) || 1)))}
          />
        </div>
      </div>
      <dl className="sheet" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {fields.slice(0, count).map(([field, value]) => {
          const href = linkFor(field, value);
          return (
            <div className="sheet-field" key={field}>
              <dt>
                <label htmlFor={`field-${field}`}>{columnLabel(field)}</label>
              </dt>
              <dd>
                <input id={`field-${field}`} readOnly value={formatCell(field, value)} />
                {href ? (
                  <Link to={href} className="field-link" aria-label={`Open ${columnLabel(field)} ${String(value)}`}>
                    open ›
                  </Link>
                ) : null}
              </dd>
            </div>
          );
        })}
      </dl>
    </>
  );

  if (hasProfile(kind)) {
    // A fan meets the profile first; the record's every field stays one click away.
    return (
      <Page title={heading} actions={<BackButton label="Back" />}>
        <Profile kind={kind} record={record.data} />
        {more?.(id)}
        <details className="all-fields">
          <summary>All fields ({fields.length})</summary>
          {sheet}
        </details>
      </Page>
    );
  }

  return (
    <Page title={heading} actions={<BackButton label="Back" />}>
      {sheet}
      {more?.(id)}
      <RelatedRecords kind={kind} record={record.data} />
    </Page>
  );
}

function nameField(record: CatalogRow): string {
  return Object.keys(record).find((k) => k.endsWith('_name') && k !== 'breed_name') ?? 'id';
}
