import { fireEvent, screen, waitFor } from '@testing-library/react';
import { memberSession, mockApi, renderRoute } from '../../../../test/render';

async function fill(values: { username?: string; email?: string; password?: string }) {
  for (const [label, value] of [
    ['Username', values.username],
    ['Email', values.email],
    ['Password', values.password],
  ] as const) {
    if (value !== undefined) fireEvent.change(await screen.findByLabelText(label), { target: { value } });
  }
  fireEvent.click(await screen.findByRole('button', { name: 'Sign Up' }));
}

describe('RegisterPage', () => {
  it('should show a clear error by each bad field before asking the server', async () => {
    const { calls } = mockApi({});
    renderRoute('/register');
    await fill({ username: 'ab', email: 'not-an-email', password: 'short' });
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((u) => u.pathname === '/api/auth/register')).toBe(false);
  });

  it('should require every field', async () => {
    mockApi({});
    renderRoute('/register');
    await fill({});
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it("should put the server's field problems (a taken e-mail) by their fields", async () => {
    mockApi({
      '/api/auth/register': () =>
        new Response(
          JSON.stringify({
            statusCode: 409,
            message: 'email: already has an account',
            errors: [{ field: 'email', reason: 'already has an account' }],
          }),
          { status: 409 },
        ),
    });
    renderRoute('/register');
    await fill({ username: 'ada', email: 'ada@furlong.test', password: 'long enough' });
    expect(await screen.findByText('Email already has an account')).toBeInTheDocument();
  });

  it('should log the new account in and open its profile with the wallet', async () => {
    let body: unknown;
    mockApi({
      '/api/auth/register': (_url, init) => {
        body = JSON.parse(String(init?.body));
        return memberSession('ada');
      },
      '/api/me/ledger': () => ({ items: [], total: 0, limit: 10, offset: 0 }),
    });
    const { router } = renderRoute('/register');
    await fill({ username: 'ada', email: 'ada@furlong.test', password: 'long enough' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(body).toEqual({ username: 'ada', email: 'ada@furlong.test', password: 'long enough' });
    expect(await screen.findByRole('heading', { name: 'Account Info' })).toBeInTheDocument();
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$1,000.00');
  });
});
