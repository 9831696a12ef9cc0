import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { Loading } from '../../../components/ui/status';
import { ApiError } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';
import { redeemLoginLink } from '../api/redeem-login-link';
import { AFTER_LOGIN } from './login-page';

/**
 * Login by link (/login/{token}, spec §4): a one-time signed link from the account page's QR code.
 * Success goes to /program-card; a bad, used or expired link goes to /register, saying why.
 */
export function LoginLinkPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();

  useEffect(() => {
    if (!id) {
      void navigate('/register', { replace: true });
      return;
    }
    let live = true;
    redeemLoginLink(id).then(
      (me) => {
        setSession(client, me);
        if (live) void navigate(AFTER_LOGIN, { replace: true, state: { notice: 'Login successful!' } });
      },
      (error: unknown) => {
        const notice = error instanceof ApiError && error.status > 0 ? error.message : 'This login link did not work.';
        if (live) void navigate('/register', { replace: true, state: { notice } });
      },
    );
    return () => {
      live = false;
    };
  }, [id, client, navigate]);

  return (
    <Page title="Logging you in">
      <Loading text="Checking the login link..." />
    </Page>
  );
}
