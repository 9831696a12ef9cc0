import type { HealthResponse, ListResponse } from '@furlong/contracts';
import { useEffect, useState } from 'react';

const KINDS = ['tracks', 'races', 'horses', 'jockeys', 'trainers', 'owners'] as const;

type Counts = Partial<Record<(typeof KINDS)[number], number>>;

/** The landing page until the full client lands: server status and the size of the catalog. */
export function App() {
  const [health, setHealth] = useState<HealthResponse | null>(null);
  const [counts, setCounts] = useState<Counts>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const load = async () => {
      try {
        const res = await fetch('/api/health', { signal: controller.signal });
        setHealth((await res.json()) as HealthResponse);
        const pages = await Promise.all(
          KINDS.map(async (kind) => {
            const r = await fetch(`/api/${kind}?limit=1`, { signal: controller.signal });
            return [kind, ((await r.json()) as ListResponse<unknown>).total] as const;
          }),
        );
        setCounts(Object.fromEntries(pages));
      } catch {
        if (!controller.signal.aborted) setError('The server did not answer. Is it running?');
      }
    };
    void load();
    return () => controller.abort();
  }, []);

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '3rem auto', padding: '0 1rem' }}>
      <h1>Furlong</h1>
      <p>Horse racing, simulated live, with pari-mutuel betting.</p>
      {error && <p role="alert">{error}</p>}
      {!error && !health && <p>Loading…</p>}
      {health && (
        <p>
          Server {health.status}: database {health.database}, Redis {health.redis}.
        </p>
      )}
      {Object.keys(counts).length > 0 && (
        <table>
          <caption style={{ textAlign: 'left' }}>The racing catalog</caption>
          <tbody>
            {KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row" style={{ textAlign: 'left', paddingRight: '2rem' }}>
                  {kind}
                </th>
                <td>{counts[kind]?.toLocaleString('en-US') ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        <a href="/api/docs">API documentation</a>
      </p>
    </main>
  );
}
