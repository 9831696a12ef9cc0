import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { asMember, memberSession, mockApi, renderRoute } from '../../test/render';
import { LOGIN_REQUIRED } from './protected-route';

const page = (items: unknown[] = []) => ({ items, total: items.length, limit: 25, offset: 0 });

beforeEach(() => {
  mockApi({
    '/api/horses': () => page(),
    '/api/tracks': () => page(),
    '/api/races': () => page(),
    '/api/jockeys': () => page(),
  });
});

describe('the app shell', () => {
  it('should send an anonymous visitor on a guarded route to /home with the message', async () => {
    const { router } = renderRoute('/program-card');
    expect(await screen.findByText(LOGIN_REQUIRED)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(router.state.location.state).toMatchObject({ from: '/program-card' });
  });

  it('should let a member through to a guarded route', async () => {
    asMember('Ada');
    const { router } = renderRoute('/horses');
    expect(await screen.findByRole('heading', { name: 'Horses' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/horses');
    expect(screen.getByText('Ada')).toBeInTheDocument();
  });

  it('should show a not-found page for an unknown path', async () => {
    renderRoute('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('should keep a member out of an admin tool: /add-columns says it is for administrators', async () => {
    // Every route of the spec has its page now; the admins' pages tell anyone else so.
    asMember();
    renderRoute('/add-columns');
    expect(await screen.findByRole('heading', { name: 'Add Columns' })).toBeInTheDocument();
    expect(screen.getByText('This page is for administrators.')).toBeInTheDocument();
  });

  it('should log in from the login page and return to the page first asked for', async () => {
    mockApi({
      '/api/horses': () => page(),
      '/api/races': () => page(),
      '/api/auth/login': () => memberSession('Ada'),
    });
    const { router } = renderRoute('/races');
    await screen.findByText(LOGIN_REQUIRED);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await router.navigate('/login', { state: { from: '/races' } });
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@furlong.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/races'));
    expect(screen.getByText('Ada')).toBeInTheDocument();
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$1,000.00');
  });
});

describe('the nine-group menu', () => {
  const menu = () => screen.getByRole('navigation', { name: 'Main menu' });

  it('should have the nine groups of the spec', async () => {
    renderRoute('/home');
    await screen.findByRole('navigation', { name: 'Main menu' });
    const groups = within(menu())
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(groups).toEqual([
      'Home',
      'Free Races',
      'Programs',
      'Stats and Profiles',
      'Racing',
      'Betting',
      'Auctions',
      'Stables',
      'Information',
      'Dashboard',
    ]);
  });

  it('should open a group on click and close it on a second click of its toggle', async () => {
    renderRoute('/home');
    const programs = await screen.findByRole('button', { name: 'Programs' });
    fireEvent.click(programs);
    expect(programs).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu()).getByRole('link', { name: 'Program Card' })).toHaveAttribute('href', '/program-card');
    fireEvent.click(programs);
    expect(programs).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu()).queryByRole('link', { name: 'Program Card' })).not.toBeInTheDocument();
  });

  it('should close the open group when the pointer leaves the menu or Escape is pressed', async () => {
    renderRoute('/home');
    const racing = await screen.findByRole('button', { name: 'Racing' });
    fireEvent.click(racing);
    fireEvent.mouseLeave(menu());
    expect(racing).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(racing);
    fireEvent.keyDown(racing, { key: 'Escape' });
    expect(racing).toHaveAttribute('aria-expanded', 'false');
    expect(racing).toHaveFocus();
  });

  it('should close the group and navigate when a submenu link is followed', async () => {
    asMember();
    const { router } = renderRoute('/home');
    fireEvent.click(await screen.findByRole('button', { name: 'Stats and Profiles' }));
    fireEvent.click(within(menu()).getByRole('link', { name: 'Races' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/races'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Stats and Profiles' })).toHaveAttribute('aria-expanded', 'false'),
    );
  });
});
