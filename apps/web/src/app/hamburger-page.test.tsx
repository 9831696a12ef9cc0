import { fireEvent, screen, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../test/render';
import { MENU_GROUPS } from './menu-groups';

describe('HamburgerPage', () => {
  it('should open from the header and list every menu group with its links', async () => {
    mockApi({
      '/api/next_to_post': () => ({
        server_time: new Date().toISOString(),
        time_scale: 1,
        races: [],
        running: [],
        tracks: [],
      }),
    });
    const { router } = renderRoute('/dashboard');
    fireEvent.click(await screen.findByRole('link', { name: 'Menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Site menu' });
    expect(router.state.location.pathname).toBe('/hamburger');
    expect(
      within(menu)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(MENU_GROUPS.map((g) => g.label));
    const programs = within(menu).getByRole('region', { name: 'Programs' });
    expect(within(programs).getByRole('link', { name: 'Program Card' })).toHaveAttribute('href', '/program-card');
    expect(within(menu).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/user-settings');
    // Operators' links show to operators only.
    expect(within(menu).queryByRole('link', { name: 'Operations' })).not.toBeInTheDocument();
  });

  it("should show an operator's links to an operator, and close back to the page it came from", async () => {
    asMember('Op', { role: 'operator' });
    mockApi({});
    const { router } = renderRoute('/user-settings');
    fireEvent.click(await screen.findByRole('link', { name: 'Menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Site menu' });
    expect(within(menu).getByRole('link', { name: 'Operations' })).toHaveAttribute('href', '/admin/ops');
    fireEvent.click(within(menu).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('heading', { name: 'User Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user-settings');
  });
});
