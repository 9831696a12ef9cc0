import { useState } from 'react';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { useRaceVerification } from '../api/race-verification';
import { type BrowserCheck, type VerifiableResult, verifyInBrowser } from '../hooks/browser-verify';

const yes = (ok: boolean) => (ok ? 'matches' : 'does NOT match');

/**
 * The seed revealed after the finish and the hash published before the off; Verify checks them in
 * this browser (hash, and a re-run of the engine when its inputs are published) and asks the server.
 */
export function VerifyPanel({ result }: { result: VerifiableResult }) {
  const [requested, setRequested] = useState(false);
  const [check, setCheck] = useState<BrowserCheck | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const server = useRaceVerification(result.current_race_id, requested);

  const verify = () => {
    setRequested(true);
    setCheck(null);
    setCheckError(null);
    verifyInBrowser(result).then(setCheck, (err: unknown) =>
      setCheckError(err instanceof Error ? err.message : 'This browser could not compute SHA-256.'),
    );
  };

  return (
    <section className="verify-panel" aria-labelledby="verify-title">
      <h2 id="verify-title">Provably fair</h2>
      <dl className="key-values-list">
        <dt>Seed (revealed after the finish)</dt>
        <dd>
          <code className="seed-hash">{result.seed}</code>
        </dd>
        <dt>Seed hash (published before the off)</dt>
        <dd>
          <code className="seed-hash">{result.seed_hash}</code>
        </dd>
      </dl>
      <p className="button-row">
        <button type="button" className="button" onClick={verify}>
          Verify
        </button>
      </p>
      {requested ? (
        <ul className="verify-results" aria-label="Verification">
          <li>
            <strong>In this browser, the seed's SHA-256:</strong>{' '}
            {checkError ? (
              <span className="verify-bad">{checkError}</span>
            ) : check ? (
              <span className={check.hashMatches ? 'verify-ok' : 'verify-bad'}>
                {yes(check.hashMatches)} the published hash
                <br />
                <code className="seed-hash">{check.computedHash}</code>
              </span>
            ) : (
              'computing…'
            )}
          </li>
          <li>
            <strong>In this browser, the race re-run from the seed:</strong>{' '}
            {check ? <RerunLine check={check} /> : checkError ? '—' : 'running…'}
          </li>
          <li>
            <strong>The server's check:</strong>{' '}
            {server.isPending ? (
              <Loading text="Asking the server..." />
            ) : server.isError ? (
              <ErrorMessage error={server.error} text="The server could not verify the race." />
            ) : (
              <span className={server.data.hash_matches && server.data.result_matches ? 'verify-ok' : 'verify-bad'}>
                hash {yes(server.data.hash_matches)}; re-run finish order {yes(server.data.result_matches)} the official
                order ({server.data.rerun_order.join('-')} vs {server.data.official_order.join('-')})
              </span>
            )}
          </li>
        </ul>
      ) : null}
    </section>
  );
}

function RerunLine({ check }: { check: BrowserCheck }) {
  const rerun = check.rerun;
  if (!rerun.available) return <span className="hint">not available: {rerun.reason}</span>;
  if ('error' in rerun) return <span className="verify-bad">the engine failed: {rerun.error}</span>;
  return (
    <span className={rerun.matches ? 'verify-ok' : 'verify-bad'}>
      finish order and times {yes(rerun.matches)} the official result ({rerun.rerunOrder.join('-')})
    </span>
  );
}
