import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { ApiError } from '../../../lib/api-client';
import { useSession, useSessionQuery } from '../../../lib/session';
import { useDecidePass, usePassInfo } from '../api/pass-login';

/** A short description of a browser from its user agent ("Chrome on Linux"). */
export function describeAgent(agent: string | null): string {
  if (!agent) return 'an unknown browser';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Chrome\//.test(agent)
      ? 'Chrome'
      : /Firefox\//.test(agent)
        ? 'Firefox'
        : /Safari\//.test(agent)
          ? 'Safari'
          : 'a browser';
  const os = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iOS'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : 'an unknown system';
  return `${browser} on ${os}`;
}

/**
 * The approving side of Pass Login (/auth?pass={id}), opened from the QR code on a device where the
 * user is logged in: shows what asks to log in, and Approve or Decline.
 */
export function ApprovePassPage() {
  const [params] = useSearchParams();
  const id = params.get('pass') ?? '';
  const { isPending } = useSessionQuery();
  const session = useSession();
  const info = usePassInfo(id, !!session && id !== '');
  const decide = useDecidePass(id);

  if (id === '') {
    return (
      <Page title="Pass Login">
        <p className="status status-error">No pass login id in this link.</p>
      </Page>
    );
  }
  if (isPending) return <Loading />;
  if (!session) {
    return (
      <Page title="Pass Login">
        <p className="status">Log in on this device first, then approve the other device.</p>
        <Link className="button" to="/login" state={{ from: `/auth?pass=${encodeURIComponent(id)}` }}>
          Log in
        </Link>
      </Page>
    );
  }
  if (decide.isSuccess) {
    return (
      <Page title="Pass Login">
        <p className="status" role="status">
          {decide.variables === 'approve'
            ? `Approved: the other device is now logged in as ${session.username}.`
            : 'Declined: the other device was not logged in.'}
        </p>
      </Page>
    );
  }

  return (
    <Page title="Pass Login">
      {info.isPending ? <Loading /> : null}
      {info.isError ? (
        <ErrorMessage
          text={info.error instanceof ApiError ? info.error.message : undefined}
          error={info.error instanceof ApiError ? undefined : info.error}
        />
      ) : null}
      {info.data ? (
        <div className="narrow">
          <p>
            <strong>{describeAgent(info.data.requester.user_agent)}</strong>
            {info.data.requester.ip ? ` (address ${info.data.requester.ip})` : ''} asks to log in as{' '}
            <strong>{session.username}</strong>.
          </p>
          <p className="hint">
            Approve only if you started this login yourself, on a screen in front of you. Anyone you approve can use
            your account and wallet.
          </p>
          <p className="button-row">
            <button
              type="button"
              className="button"
              onClick={() => decide.mutate('approve')}
              disabled={decide.isPending}
            >
              Approve
            </button>
            <button
              type="button"
              className="button secondary"
              onClick={() => decide.mutate('deny')}
              disabled={decide.isPending}
            >
              Decline
            </button>
          </p>
          {decide.isError ? (
            <ErrorMessage
              text={decide.error instanceof ApiError ? decide.error.message : 'Could not answer. Please try again.'}
            />
          ) : null}
        </div>
      ) : null}
    </Page>
  );
}
