import { IDEMPOTENCY_HEADER } from '@furlong/contracts';
import { useId, useState } from 'react';
import { ErrorMessage } from '../../../components/ui/status';
import { newKey } from '../../../lib/unique-key';
import {
  bodySchema,
  describeType,
  exampleFor,
  type ListedOperation,
  type OpenApiDocument,
  type OpenApiParameter,
} from '../api/openapi';
import { parameterKey, TryRefused, type TryResult, tryOperation } from '../api/try-operation';

/** A parameter's first value in the form: its default or example, a fresh key for an Idempotency-Key. */
function initialValue(p: OpenApiParameter): string {
  if (p.in === 'header' && p.name.toLowerCase() === IDEMPOTENCY_HEADER.toLowerCase()) {
    return `explorer-${newKey()}`;
  }
  const value = p.schema?.default ?? p.schema?.examples?.[0] ?? p.schema?.example;
  if (value === undefined || value === null) return '';
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** One operation opened: its parameters as inputs, a JSON body editor, and a Try button with the answer. */
export function OperationPanel({ doc, entry }: { doc: OpenApiDocument; entry: ListedOperation }) {
  const { operation, parameters } = entry;
  const formId = useId();
  const inputs = parameters.filter((p) => p.in !== 'cookie');
  const schema = bodySchema(operation);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(inputs.map((p) => [parameterKey(p), initialValue(p)])),
  );
  const [body, setBody] = useState(() => (schema ? JSON.stringify(exampleFor(doc, schema), null, 2) : ''));
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<TryResult | null>(null);
  const [error, setError] = useState<unknown>(null);

  const send = async () => {
    setSending(true);
    setError(null);
    try {
      setResult(
        await tryOperation({
          method: entry.method,
          path: entry.path,
          parameters: inputs,
          values,
          body: schema ? body : undefined,
        }),
      );
    } catch (err) {
      setResult(null);
      setError(err instanceof TryRefused ? err.message : 'The server did not answer.');
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="operation-panel">
      {operation.description ? <p className="hint">{operation.description}</p> : null}
      {operation.security?.length ? <p className="hint">Needs a signed-in session (sent with yours).</p> : null}
      <form
        className="operation-form"
        aria-label={`Request ${entry.method.toUpperCase()} ${entry.path}`}
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        {inputs.length ? (
          <fieldset>
            <legend>Parameters</legend>
            {inputs.map((p) => {
              const key = parameterKey(p);
              const id = `${formId}-${key}`;
              const set = (value: string) => setValues((v) => ({ ...v, [key]: value }));
              return (
                <div className="operation-field" key={key}>
                  <label htmlFor={id}>
                    {p.name}
                    {p.required ? ' *' : ''} <span className="hint">({p.in})</span>
                  </label>
                  {p.schema?.enum?.length ? (
                    <select id={id} value={values[key] ?? ''} onChange={(e) => set(e.target.value)}>
                      {p.required ? null : <option value="">(not sent)</option>}
                      {p.schema.enum.map((v) => (
                        <option key={String(v)} value={String(v)}>
                          {String(v)}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input id={id} value={values[key] ?? ''} onChange={(e) => set(e.target.value)} />
                  )}
                  <span className="hint">
                    {describeType(p.schema)}
                    {p.schema?.description && p.schema.description !== p.description
                      ? ` — ${p.schema.description}`
                      : ''}
                    {p.description ? ` — ${p.description}` : ''}
                  </span>
                </div>
              );
            })}
          </fieldset>
        ) : null}
        {schema ? (
          <div className="operation-field">
            <label htmlFor={`${formId}-body`}>Body (JSON)</label>
            <textarea
              id={`${formId}-body`}
              className="json-editor"
              spellCheck={false}
              rows={Math.min(16, body.split('\n').length + 1)}
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
          </div>
        ) : null}
        <div className="button-row">
          <button type="submit" className="button" disabled={sending}>
            {sending ? 'Sending...' : 'Try'}
          </button>
          {operation.responses ? (
            <span className="hint">Answers {Object.keys(operation.responses).join(', ')}</span>
          ) : null}
        </div>
      </form>
      {error ? <ErrorMessage text={String(error)} /> : null}
      {result ? (
        <section className="try-result" aria-label="Response">
          <p>
            <strong className={result.status < 400 ? 'status-ok' : 'status-error'} data-testid="try-status">
              {result.status} {result.statusText}
            </strong>{' '}
            in <span data-testid="try-ms">{result.ms} ms</span> <code className="hint">{result.url}</code>
          </p>
          <pre className="code-block" data-testid="try-body">
            {result.body}
          </pre>
        </section>
      ) : null}
    </div>
  );
}
