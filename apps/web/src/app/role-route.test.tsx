import { fireEvent, screen, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute, resetMember } from '../../test/render';
import { LOGIN_REQUIRED } from './protected-route';
import { OPERATORS_ONLY } from './role-route';

describe('RoleRoute', () => {
  beforeEach(() => {
    mockApi({ '/api/docs-json': () => ({ openapi: '3.1.0', info: { title: 'Furlong', version: '1' }, paths: {} }) });
  });
  afterEach(() => resetMember());

  it('should send a visitor on an operators page to /home with the log-in message', async () => {
    const { router } = renderRoute('/endpoint-test');
    expect(await screen.findByText(LOGIN_REQUIRED)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(router.state.location.state).toMatchObject({ from: '/endpoint-test' });
  });

  it.each(['/endpoint-test', '/app-test', '/app-test/12', '/admin/ops'])(
    'should refuse a member on %s',
    async (path) => {
      asMember('Ada');
      const { router } = renderRoute(path);
      expect(await screen.findByRole('alert')).toHaveTextContent(OPERATORS_ONLY);
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it.each(['operator', 'admin'] as const)('should let an %s through', async (role) => {
    asMember('Olive', { role });
    renderRoute('/app-test');
    expect(await screen.findByRole('heading', { name: 'App Test' })).toBeInTheDocument();
    expect(screen.queryByText(OPERATORS_ONLY)).not.toBeInTheDocument();
  });

  it('should show the operations links in the menu to operators only', async () => {
    const links = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Dashboard' }));
      const menu = screen.getByRole('navigation', { name: 'Main menu' });
      // The group opens on the click; its links may come a render later on a loaded machine.
      return (await within(menu).findAllByRole('link')).map((l) => l.textContent);
    };
    asMember('Ada');
    const member = renderRoute('/home');
    const memberLinks = await links();
    expect(memberLinks).toContain('Profile');
    expect(memberLinks).not.toContain('Endpoint Test');
    expect(memberLinks).not.toContain('App Test');
    expect(memberLinks).not.toContain('Operations');
    member.unmount();

    asMember('Olive', { role: 'operator' });
    renderRoute('/home');
    expect(await links()).toEqual(expect.arrayContaining(['App Test', 'Endpoint Test', 'Operations']));
  });
});
