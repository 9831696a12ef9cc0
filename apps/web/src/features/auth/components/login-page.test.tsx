import { AUTH_MESSAGES } from '@furlong/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json } from '../../../../test/fixtures';
import { asMember, memberSession, mockApi, renderRoute } from '../../../../test/render';

async function fillAndSubmit(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('should require the email and the password before asking the server', async () => {
    const { fetchMock } = mockApi({});
    renderRoute('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/auth/login'))).toBe(false);
  });

  it('should say the login succeeded, send the CSRF header and go to the program card', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API, and the client reads document.cookie
    document.cookie = 'furlong_csrf=abc.def; path=/';
    let sent: RequestInit | undefined;
    mockApi({
      '/api/auth/login': (_url, init) => {
        sent = init;
        return memberSession('Ada');
      },
      '/api/tracks': () => ({ items: [], total: 0, limit: 25, offset: 0 }),
    });
    const { router } = renderRoute('/login');
    await fillAndSubmit('ada@furlong.test', 'correct horse');
    await waitFor(() => expect(router.state.location.pathname).toBe('/program-card'));
    expect(new Headers(sent?.headers).get('X-CSRF-Token')).toBe('abc.def');
    expect(JSON.parse(String(sent?.body))).toEqual({ email: 'ada@furlong.test', password: 'correct horse' });
    expect(screen.getByText('Ada')).toBeInTheDocument();
  });

  it("should show the spec's message for a wrong password", async () => {
    mockApi({ '/api/auth/login': () => json(401, { statusCode: 401, message: 'x', reason: 'bad_credentials' }) });
    renderRoute('/login');
    await fillAndSubmit('ada@furlong.test', 'wrong');
    expect(await screen.findByText(AUTH_MESSAGES.loginNoMatch)).toBeInTheDocument();
  });

  it("should show the spec's message when the call fails", async () => {
    mockApi({ '/api/auth/login': () => json(500, { statusCode: 500, message: 'boom' }) });
    renderRoute('/login');
    await fillAndSubmit('ada@furlong.test', 'whatever');
    expect(await screen.findByText(AUTH_MESSAGES.loginFailed)).toBeInTheDocument();
  });

  it("should show the server's throttling message on 429", async () => {
    const message = 'Too many login attempts. Please try again in 15 minutes.';
    mockApi({
      '/api/auth/login': () => json(429, { statusCode: 429, message, reason: 'throttled' }, { 'Retry-After': '900' }),
    });
    renderRoute('/login');
    await fillAndSubmit('ada@furlong.test', 'whatever');
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('should say so when an admin has disabled the account', async () => {
    const message = 'This account is disabled. Please contact us.';
    mockApi({ '/api/auth/login': () => json(403, { statusCode: 403, message, reason: 'account_disabled' }) });
    renderRoute('/login');
    await fillAndSubmit('ada@furlong.test', 'correct horse');
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('should label the button Logged In when already signed in', async () => {
    asMember('Ada');
    mockApi({});
    renderRoute('/login');
    expect(await screen.findByRole('button', { name: 'Logged In' })).toBeDisabled();
  });

  it('should send a member whose session ran out to the login page with the inactivity message', async () => {
    mockApi({
      '/api/horses': () => json(401, { statusCode: 401, message: AUTH_MESSAGES.inactivity, reason: 'session_expired' }),
    });
    asMember('Ada');
    const { router } = renderRoute('/horses');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The router's state moves first; the page it renders comes in a transition (a lazy chunk),
    // while the page left behind still shows the same words as a flash: look inside the login form.
    const form = await screen.findByRole('form', { name: 'Login' });
    await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent(AUTH_MESSAGES.inactivity));
    expect(router.state.location.state).toMatchObject({ from: '/horses' });
  });

  it('should show a pass login QR code and log in when the other device approves', async () => {
    let polls = 0;
    mockApi({
      '/api/auth/pass': (url) => {
        if (url.pathname === '/api/auth/pass') {
          return json(201, {
            id: 'pass-id-0123456789abcdef',
            approve_path: '/auth?pass=pass-id-0123456789abcdef',
            expires_at: new Date(Date.now() + 60_000).toISOString(),
            ttl_seconds: 60,
          });
        }
        polls += 1;
        return polls < 2
          ? { status: 'pending', expires_at: new Date(Date.now() + 60_000).toISOString() }
          : { status: 'approved', expires_at: new Date().toISOString(), user: memberSession('Phone owner') };
      },
      '/api/tracks': () => ({ items: [], total: 0, limit: 25, offset: 0 }),
    });
    const { router } = renderRoute('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Pass Login' }));
    expect(await screen.findByTitle('Pass login code')).toBeInTheDocument();
    expect(screen.getByTestId('pass-link')).toHaveAttribute(
      'href',
      'http://localhost/auth?pass=pass-id-0123456789abcdef',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/program-card'), { timeout: 5000 });
    expect(screen.getByText('Phone owner')).toBeInTheDocument();
  });
});
