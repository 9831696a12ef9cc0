import { AUTH_MESSAGES, AUTH_REASONS, type MeResponse } from '@furlong/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { Page } from '../../../components/ui/page';
import { ApiError } from '../../../lib/api-client';
import { setSession, useSession, useSessionNotice } from '../../../lib/session';
import { useLogin } from '../api/login';
import { PassLoginPanel } from './pass-login-panel';

export const LOGIN_SUCCESS = AUTH_MESSAGES.loginSuccess;
export const AFTER_LOGIN = '/program-card';

const schema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email({ message: 'Enter a valid email address' })),
  password: z.string().min(1, 'Password is required'),
});
type LoginForm = z.infer<typeof schema>;

/** What went wrong with a login, in the spec's words (§8), or the server's for throttling and a disabled account. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return AUTH_MESSAGES.loginNoMatch;
  if (error instanceof ApiError && error.status === 429) return error.message;
  if (error instanceof ApiError && error.reason === AUTH_REASONS.accountDisabled) return error.message;
  return AUTH_MESSAGES.loginFailed;
}

/** "Please Login": e-mail and password, or Pass Login with a phone where you are logged in. */
export function LoginPage() {
  const session = useSession();
  const ended = useSessionNotice((s) => s.notice);
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const login = useLogin();
  const client = useQueryClient();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [passOpen, setPassOpen] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginForm>({ resolver: zodResolver(schema) });

  const loggedIn = () => {
    setMessage({ text: LOGIN_SUCCESS, error: false });
    void navigate(from ?? AFTER_LOGIN, { replace: true });
  };
  const passLoggedIn = (me: MeResponse) => {
    setSession(client, me);
    setMessage({ text: LOGIN_SUCCESS, error: false });
    void navigate(from ?? AFTER_LOGIN, { replace: true });
  };

  const onSubmit = handleSubmit((values) => {
    setMessage(null);
    login.mutate(values, {
      onSuccess: loggedIn,
      onError: (error) => setMessage({ text: loginErrorMessage(error), error: true }),
    });
  });

  const status = message ?? (ended && !session ? { text: ended, error: true } : null);

  return (
    <Page title="Please Login">
      <form className="form narrow" onSubmit={onSubmit} noValidate aria-label="Login">
        <label htmlFor="login-email">Email</label>
        <input
          id="login-email"
          type="email"
          autoComplete="username"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'login-email-error' : undefined}
          {...register('email')}
        />
        {errors.email ? (
          <p id="login-email-error" className="field-error">
            {errors.email.message}
          </p>
        ) : null}
        <label htmlFor="login-password">Password</label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'login-password-error' : undefined}
          {...register('password')}
        />
        {errors.password ? (
          <p id="login-password-error" className="field-error">
            {errors.password.message}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={!!session || login.isPending}>
          {session ? 'Logged In' : 'Login'}
        </button>
        <p className={status?.error ? 'status status-error' : 'status'} role="status" aria-live="polite">
          {status?.text}
        </p>
      </form>
      <div className="notice narrow">
        <p>
          No account yet? <Link to="/register">Sign up</Link> and get $1,000.00 of play money.
        </p>
        <p className="button-row">
          <button
            type="button"
            className="button secondary"
            onClick={() => setPassOpen((open) => !open)}
            aria-expanded={passOpen}
            disabled={!!session}
          >
            Pass Login
          </button>
          <Link to="/sensi-pass-register">What is Pass Login?</Link>
        </p>
        {passOpen && !session ? <PassLoginPanel onLoggedIn={passLoggedIn} /> : null}
      </div>
    </Page>
  );
}
