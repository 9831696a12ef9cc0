import { ACCOUNT_LIMITS as L } from '@furlong/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { Page } from '../../../components/ui/page';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useRegister } from '../api/register';

const schema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'Username is required')
    .min(L.usernameMin, `Username must be at least ${L.usernameMin} characters`)
    .max(L.usernameMax, `Username must be at most ${L.usernameMax} characters`)
    .regex(new RegExp(L.usernamePattern), 'Username may hold only letters, digits, dot, dash and underscore'),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email({ message: 'Enter a valid email address' })),
  password: z
    .string()
    .min(1, 'Password is required')
    .min(L.passwordMin, `Password must be at least ${L.passwordMin} characters`)
    .max(L.passwordMax, `Password must be at most ${L.passwordMax} characters`),
});
type SignUpForm = z.infer<typeof schema>;

const FIELD_LABELS: Record<keyof SignUpForm, string> = { username: 'Username', email: 'Email', password: 'Password' };

/** Sign Up (spec §2.3): username, email, password; the new account starts with play money and is logged in. */
export function RegisterPage() {
  const session = useSession();
  const navigate = useNavigate();
  const signUp = useRegister();
  const [message, setMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignUpForm>({ resolver: zodResolver(schema) });

  const onSubmit = handleSubmit((values) => {
    setMessage(null);
    signUp.mutate(values, {
      onSuccess: () =>
        void navigate('/profile', {
          replace: true,
          state: { notice: 'Welcome to Furlong! Your wallet holds your starting play money.' },
        }),
      onError: (error) => {
        // The server names each bad field (409: taken; 400: invalid): show them by their fields.
        const fields = error instanceof ApiError ? error.fields : [];
        for (const f of fields) {
          if (f.field in FIELD_LABELS) {
            setError(f.field as FieldPath<SignUpForm>, {
              message: `${FIELD_LABELS[f.field as keyof SignUpForm]} ${f.reason}`,
            });
          }
        }
        if (fields.length === 0)
          setMessage(
            error instanceof ApiError && error.status === 429
              ? error.message
              : 'An error occurred during sign up. Please try again.',
          );
      },
    });
  });

  const field = (name: keyof SignUpForm, type: string, autoComplete: string) => (
    <>
      <label htmlFor={`signup-${name}`}>{FIELD_LABELS[name]}</label>
      <input
        id={`signup-${name}`}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `signup-${name}-error` : undefined}
        {...register(name)}
      />
      {errors[name] ? (
        <p id={`signup-${name}-error`} className="field-error">
          {errors[name]?.message}
        </p>
      ) : null}
    </>
  );

  return (
    <Page title="Sign Up">
      {session ? (
        <p className="status">
          You are logged in as <strong>{session.username}</strong>. <Link to="/logout">Log out</Link> to make another
          account.
        </p>
      ) : (
        <form className="form narrow" onSubmit={onSubmit} noValidate aria-label="Sign Up">
          {field('username', 'text', 'username')}
          {field('email', 'email', 'email')}
          {field('password', 'password', 'new-password')}
          <p className="hint">
            At least {L.passwordMin} characters. Play money only: a new account starts with $1,000.00.
          </p>
          <button type="submit" className="button" disabled={signUp.isPending}>
            Sign Up
          </button>
          <p className="status status-error" role="status" aria-live="polite">
            {message}
          </p>
          <p>
            Already have an account? <Link to="/login">Log in</Link>
          </p>
        </form>
      )}
    </Page>
  );
}
