import { useMemo, useState } from 'react';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { groupOperations, type OpenApiDocument, useOpenApiDocument } from '../api/openapi';
import { OperationPanel } from './operation-panel';

/** /endpoint-test: every operation of the server's OpenAPI document by tag, each one tried with this session. */
export function EndpointTestPage() {
  const doc = useOpenApiDocument();
  return (
    <Page title="Endpoint Test">
      <p className="hint">
        Every operation of the server's OpenAPI document (<code>/api/docs-json</code>). Try sends it with your session
        and CSRF token.
      </p>
      {doc.isPending ? <Loading text="Loading the API document..." /> : null}
      {doc.isError ? <ErrorMessage error={doc.error} /> : null}
      {doc.data ? <OperationList doc={doc.data} /> : null}
    </Page>
  );
}

function OperationList({ doc }: { doc: OpenApiDocument }) {
  const groups = useMemo(() => groupOperations(doc), [doc]);
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const needle = filter.trim().toLowerCase();
  const shown = groups
    .map((g) => ({
      ...g,
      operations: g.operations.filter(
        (o) => !needle || `${o.method} ${o.path} ${o.operation.summary ?? ''} ${g.tag}`.toLowerCase().includes(needle),
      ),
    }))
    .filter((g) => g.operations.length > 0);
  const count = groups.reduce((n, g) => n + g.operations.length, 0);
  if (count === 0) return <EmptyState>The API document lists no operations.</EmptyState>;

  const toggle = (key: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <>
      <div className="table-controls">
        <div className="control">
          <label htmlFor="endpoint-filter">Filter</label>
          <input
            id="endpoint-filter"
            type="search"
            value={filter}
            placeholder="path, method or words"
            onChange={(e) => setFilter(e.target.value)}
          />
        </div>
        <span className="row-count">
          {count} operations{doc.info?.version ? `, API ${doc.info.version}` : ''}
        </span>
      </div>
      {shown.length === 0 ? <EmptyState>No operation matches “{filter}”.</EmptyState> : null}
      {shown.map((group) => (
        <section key={group.tag} className="operation-group" aria-labelledby={`tag-${group.tag}`}>
          <h2 id={`tag-${group.tag}`}>{group.tag}</h2>
          <ul className="operation-list">
            {group.operations.map((entry) => {
              const expanded = open.has(entry.key);
              return (
                <li key={entry.key} className="operation">
                  <button
                    type="button"
                    className="operation-toggle"
                    aria-expanded={expanded}
                    onClick={() => toggle(entry.key)}
                  >
                    <span className={`method method-${entry.method}`}>{entry.method.toUpperCase()}</span>{' '}
                    <code className="operation-path">{entry.path}</code>{' '}
                    <span className="operation-summary">{entry.operation.summary ?? ''}</span>
                  </button>
                  {expanded ? <OperationPanel doc={doc} entry={entry} /> : null}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </>
  );
}
