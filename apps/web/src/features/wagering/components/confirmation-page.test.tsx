import { screen, waitFor } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';

describe('ConfirmationPage', () => {
  beforeEach(() => asMember());

  it('should go to / when there is no bet data', async () => {
    mockApi({});
    const { router } = renderRoute('/confirmation');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(screen.queryByRole('heading', { name: 'Bet Confirmation' })).not.toBeInTheDocument();
  });
});
