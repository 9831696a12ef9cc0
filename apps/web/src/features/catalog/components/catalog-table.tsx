import { CATALOG_KINDS, type CatalogKindName } from '@furlong/contracts';
import { useQueries } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CatalogRow } from '../../../api/catalog-record';
import { LinkRow } from '../../../components/ui/link-row';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { LOAD_MORE_ROWS, PAGE_BUTTON_WINDOW } from '../../../config/ui';
import { columnLabel, formatCell, formatNumber } from '../../../lib/format';
import { type CatalogListParams, catalogListQuery, useCatalogList } from '../api/catalog-list';
import { NameMultiSelect } from './name-multi-select';

export interface CatalogTableProps {
  kind: CatalogKindName;
  /** Columns shown, in order; every column of the kind when absent. */
  columns?: readonly string[];
  pageSizes: readonly number[];
  defaultPageSize: number;
  /** Let the user choose the shown columns (the owners list). */
  columnPicker?: boolean;
  /** Where a row click goes; rows are not links when absent. */
  rowHref?: (row: CatalogRow) => string;
}

type Order = 'asc' | 'desc';

/** The first page button of a window of `size` around `page`, kept inside 1..last. */
export function pageWindow(page: number, last: number, size = PAGE_BUTTON_WINDOW): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), last - size + 1));
  const end = Math.min(last, start + size - 1);
  return Array.from({ length: Math.max(0, end - start + 1) }, (_, i) => start + i);
}

/**
 * The one list table: server-side sorting (a header toggles ascending, then descending), the
 * multi-select name filter, free-text and exact-column search, page sizes, a window of page
 * buttons, Reset Page, Go Back and Load More; a row opens its detail sheet.
 */
export function CatalogTable({ kind, columns, pageSizes, defaultPageSize, columnPicker, rowHref }: CatalogTableProps) {
  const meta = CATALOG_KINDS[kind];
  const allColumns = Object.keys(meta.columns);
  const navigate = useNavigate();

  const [pageSize, setPageSize] = useState(defaultPageSize);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ column: string; order: Order } | null>(null);
  const [q, setQ] = useState('');
  const [qDraft, setQDraft] = useState('');
  const [names, setNames] = useState<string[]>([]);
  const [filterColumn, setFilterColumn] = useState(meta.nameColumn);
  const [filterDraft, setFilterDraft] = useState('');
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [moreChunks, setMoreChunks] = useState(0);
  const [chosenColumns, setChosenColumns] = useState<string[]>(() => [...(columns ?? allColumns)]);

  const shown = columnPicker ? allColumns.filter((c) => chosenColumns.includes(c)) : [...(columns ?? allColumns)];

  const params: CatalogListParams = {
    limit: pageSize,
    offset: (page - 1) * pageSize,
    sort: sort?.column,
    order: sort?.order,
    q: q || undefined,
    name: names.length ? names : undefined,
    filters,
  };
  const list = useCatalogList(kind, params);
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));

  // Load More: the next chunks of rows after this page, appended below it.
  const more = useQueries({
    queries: Array.from({ length: moreChunks }, (_, i) =>
      catalogListQuery(kind, { ...params, limit: LOAD_MORE_ROWS, offset: page * pageSize + i * LOAD_MORE_ROWS }),
    ),
  });
  const rows = useMemo(
    () => [...(list.data?.items ?? []), ...more.flatMap((m) => m.data?.items ?? [])],
    [list.data, more],
  );
  const loadingMore = more.some((m) => m.isFetching);
  const firstRow = total === 0 ? 0 : (page - 1) * pageSize + 1;

  const goTo = (target: number) => {
    setPage(Math.min(Math.max(1, target), lastPage));
    setMoreChunks(0);
  };
  const changed = () => {
    setPage(1);
    setMoreChunks(0);
  };
  const toggleSort = (column: string) => {
    setSort((s) => (s?.column === column && s.order === 'asc' ? { column, order: 'desc' } : { column, order: 'asc' }));
    changed();
  };
  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    setQ(qDraft.trim());
    changed();
  };
  const submitFilter = (e: FormEvent) => {
    e.preventDefault();
    const value = filterDraft.trim();
    setFilters((f) => {
      const next = { ...f };
      if (value) next[filterColumn] = value;
      else delete next[filterColumn];
      return next;
    });
    setFilterDraft('');
    changed();
  };
  const reset = () => {
    setSort(null);
    setQ('');
    setQDraft('');
    setNames([]);
    setFilters({});
    setFilterDraft('');
    setPageSize(defaultPageSize);
    goTo(1);
  };

  return (
    <div className="data-table">
      <div className="table-controls">
        <form className="control" onSubmit={submitSearch} aria-label={`Search ${kind}`}>
          <label htmlFor={`${kind}-q`}>Search</label>
          <input
            id={`${kind}-q`}
            type="search"
            value={qDraft}
            placeholder={`Search ${meta.searchColumns.map(columnLabel).join(', ').toLowerCase()}`}
            onChange={(e) => setQDraft(e.target.value)}
          />
          <button type="submit" className="button">
            Search
          </button>
        </form>

        <NameMultiSelect
          kind={kind}
          selected={names}
          onChange={(next) => {
            setNames(next);
            changed();
          }}
        />

        <form className="control" onSubmit={submitFilter} aria-label="Exact column search">
          <label htmlFor={`${kind}-filter-column`}>Column</label>
          <select id={`${kind}-filter-column`} value={filterColumn} onChange={(e) => setFilterColumn(e.target.value)}>
            {allColumns.map((c) => (
              <option key={c} value={c}>
                {columnLabel(c)}
              </option>
            ))}
          </select>
          <label htmlFor={`${kind}-filter-value`} className="visually-hidden">
            Exact value
          </label>
          <input
            id={`${kind}-filter-value`}
            value={filterDraft}
            placeholder="exact value"
            onChange={(e) => setFilterDraft(e.target.value)}
          />
          <button type="submit" className="button">
            Filter
          </button>
        </form>

        <div className="control">
          <label htmlFor={`${kind}-page-size`}>Rows per page</label>
          <select
            id={`${kind}-page-size`}
            value={pageSize}
            onChange={(e) => {
              setPageSize(Number(e.target.value));
              changed();
            }}
          >
            {[...new Set([...pageSizes, defaultPageSize])]
              .sort((a, b) => a - b)
              .map((size) => (
                <option key={size} value={size}>
                  {formatNumber(size)}
                </option>
              ))}
          </select>
        </div>

        {columnPicker ? (
          <fieldset className="control column-picker">
            <legend>Columns</legend>
            {allColumns.map((c) => (
              <label key={c}>
                <input
                  type="checkbox"
                  checked={chosenColumns.includes(c)}
                  onChange={(e) =>
                    setChosenColumns((cols) => (e.target.checked ? [...cols, c] : cols.filter((x) => x !== c)))
                  }
                />
                {columnLabel(c)}
              </label>
            ))}
          </fieldset>
        ) : null}
      </div>

      {Object.keys(filters).length > 0 ? (
        <ul className="chips" aria-label="Column filters">
          {Object.entries(filters).map(([column, value]) => (
            <li key={column}>
              {columnLabel(column)} = {value}
              <button
                type="button"
                aria-label={`Remove filter ${columnLabel(column)}`}
                onClick={() => {
                  setFilters(({ [column]: _removed, ...rest }) => rest);
                  changed();
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {list.isError ? <ErrorMessage error={list.error} /> : null}
      {list.isPending ? <Loading /> : null}

      {list.data ? (
        <>
          <p className="row-count" aria-live="polite">
            {list.isPlaceholderData
              ? `Loading page ${formatNumber(page)}…`
              : total === 0
                ? 'No rows match.'
                : `Showing ${formatNumber(firstRow)}–${formatNumber(firstRow + rows.length - 1)} of ${formatNumber(total)}`}
            {list.isFetching && !list.isPlaceholderData ? ' · updating…' : ''}
          </p>
          {rows.length === 0 ? (
            <EmptyState>Nothing matches these filters. Try Reset Page.</EmptyState>
          ) : (
            <div className="table-scroll">
              <table>
                <thead>
                  <tr>
                    {shown.map((c) => {
                      const active = sort?.column === c;
                      return (
                        <th
                          key={c}
                          scope="col"
                          aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
                        >
                          <button type="button" className="sort-button" onClick={() => toggleSort(c)}>
                            {columnLabel(c)}
                            <span aria-hidden="true">{active ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                          </button>
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => {
                    const href = rowHref?.(row);
                    const cells = shown.map((c) => <td key={c}>{formatCell(c, row[c])}</td>);
                    return href ? (
                      <LinkRow key={row.id} href={href}>
                        {cells}
                      </LinkRow>
                    ) : (
                      <tr key={row.id}>{cells}</tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}

      <nav className="pager" aria-label="Pages">
        <button type="button" className="button secondary" onClick={() => goTo(1)} disabled={page <= 1}>
          First
        </button>
        <button type="button" className="button secondary" onClick={() => goTo(page - 1)} disabled={page <= 1}>
          Previous
        </button>
        {pageWindow(page, lastPage).map((p) => (
          <button
            key={p}
            type="button"
            className={p === page ? 'button page-button current' : 'button secondary page-button'}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Page ${p}`}
            onClick={() => goTo(p)}
          >
            {p}
          </button>
        ))}
        <button type="button" className="button secondary" onClick={() => goTo(page + 1)} disabled={page >= lastPage}>
          Next
        </button>
        <button type="button" className="button secondary" onClick={() => goTo(lastPage)} disabled={page >= lastPage}>
          Last
        </button>
        <span className="pager-sep" />
        <button type="button" className="button secondary" onClick={reset}>
          Reset Page
        </button>
        <button type="button" className="button secondary" onClick={() => navigate(-1)}>
          Go Back
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() => setMoreChunks((n) => n + 1)}
          disabled={loadingMore || firstRow + rows.length - 1 >= total}
        >
          {loadingMore ? 'Loading…' : 'Load More'}
        </button>
      </nav>
    </div>
  );
}
