import type { MeResponse } from '@furlong/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useCreatePass, usePassStatus } from '../api/pass-login';

/**
 * The waiting side of Pass Login: a QR code and a link (valid 60 s) to open on a phone where you are
 * logged in; this page asks the server every second and is logged in the moment the phone approves.
 */
export function PassLoginPanel({ onLoggedIn }: { onLoggedIn: (me: MeResponse) => void }) {
  const create = useCreatePass();
  const pass = create.data;
  const status = usePassStatus(pass?.id);
  const [now, setNow] = useState(() => Date.now());
  const { mutate } = create;

  // One pass per panel, even when StrictMode runs the effect twice: the waiter cookie must match the id shown.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const approvedUser = status.data?.status === 'approved' ? status.data.user : undefined;
  const approved = approvedUser !== undefined;
  const done = useRef(false);
  useEffect(() => {
    if (!approvedUser || done.current) return;
    done.current = true;
    onLoggedIn(approvedUser);
  }, [approvedUser, onLoggedIn]);

  if (create.isError) return <p className="status status-error">{errorText(create.error)}</p>;
  if (!pass) return <p className="status">Making a pass code...</p>;
  const url = `${window.location.origin}${pass.approve_path}`;
  // The device's clock may differ from the server's by a little: never show more than the pass's lifetime.
  const secondsLeft = Math.min(pass.ttl_seconds, Math.max(0, Math.ceil((Date.parse(pass.expires_at) - now) / 1000)));
  const failed = status.error ?? (secondsLeft === 0 && !approved ? new Error('expired') : null);

  return (
    <section className="pass-panel" aria-label="Pass Login">
      {failed ? (
        <>
          <p className="status status-error" role="alert">
            {failed instanceof ApiError ? failed.message : 'This pass login has expired: start a new one.'}
          </p>
          <button type="button" className="button" onClick={() => mutate()}>
            New pass code
          </button>
        </>
      ) : (
        <>
          <QRCodeSVG value={url} size={128} title="Pass login code" />
          <p>
            Scan with a phone where you are logged in to Furlong, or open this link there:{' '}
            <a href={url} data-testid="pass-link">
              {url}
            </a>
          </p>
          <p className="status" role="status" aria-live="polite">
            {approved ? 'Approved: logging you in...' : `Waiting for approval: ${secondsLeft} s left.`}
          </p>
        </>
      )}
    </section>
  );
}

function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Could not start a pass login. Please try again.';
}
