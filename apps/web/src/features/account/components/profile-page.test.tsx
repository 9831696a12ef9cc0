import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';

const ledger = {
  items: [
    {
      id: 2,
      transfer_id: 1,
      amount_cents: 100_000,
      balance_after_cents: 100_000,
      reason: 'starting_credit',
      reference: 'user:7',
      description: 'Starting credit',
      counterparty: 'house',
      created_at: new Date().toISOString(),
    },
    {
      id: 4,
      transfer_id: 3,
      amount_cents: 1_680,
      balance_after_cents: 101_680,
      reason: 'payout',
      reference: 'pool:37',
      description: 'Win payout, Race 7 at Victoria Park',
      counterparty: 'pool:37:win',
      created_at: new Date().toISOString(),
    },
  ],
  total: 2,
  limit: 10,
  offset: 0,
};

describe('ProfilePage', () => {
  it('should show Account Info from the seventh field on, with a field-count selector', async () => {
    asMember('Ada', { full_name: 'Ada Lovelace' });
    mockApi({ '/api/me/ledger': () => ledger });
    renderRoute('/profile');
    const info = await screen.findByRole('region', { name: 'Account Info' });
    expect(within(info).getByLabelText('Username')).toHaveValue('Ada');
    expect(within(info).queryByLabelText('UUID')).not.toBeInTheDocument();
    expect(within(info).queryByLabelText('Id')).not.toBeInTheDocument();
    fireEvent.change(within(info).getByLabelText('Fields shown'), { target: { value: '2' } });
    expect(within(info).getByLabelText('Email')).toBeInTheDocument();
    expect(within(info).queryByLabelText('Full name')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Betting History' })).toHaveAttribute('href', '/user-bets?id=7');
    expect(await screen.findByText('Starting credit')).toBeInTheDocument();
    // A movement says what it was; its raw reference stays on hover.
    expect(screen.getByText('Win payout, Race 7 at Victoria Park')).toHaveAttribute('title', 'pool:37');
  });

  it('should revert the edits on Cancel and save them on Update', async () => {
    asMember('Ada');
    let patched: unknown;
    mockApi({
      '/api/me/ledger': () => ledger,
      '/api/me': (_url, init) => {
        patched = JSON.parse(String(init?.body));
        return { ...asMember('Ada'), full_name: 'Ada Lovelace' };
      },
    });
    renderRoute('/profile');
    const info = await screen.findByRole('region', { name: 'Account Info' });
    fireEvent.click(within(info).getByRole('button', { name: 'Edit' }));
    fireEvent.change(within(info).getByLabelText('Full name'), { target: { value: 'Someone Else' } });
    fireEvent.click(within(info).getByRole('button', { name: 'Cancel' }));
    expect(within(info).getByLabelText('Full name')).toHaveValue('');
    expect(patched).toBeUndefined();

    fireEvent.click(within(info).getByRole('button', { name: 'Edit' }));
    fireEvent.change(within(info).getByLabelText('Full name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(within(info).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(within(info).getByLabelText('Full name')).toHaveValue('Ada Lovelace'));
    expect(patched).toEqual({ full_name: 'Ada Lovelace' });
    expect(within(info).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('should show a 128-pixel QR code with a one-time phone login link on request', async () => {
    asMember('Ada');
    mockApi({
      '/api/me/ledger': () => ledger,
      '/api/me/login-link': () =>
        new Response(
          JSON.stringify({
            token: 'payload.signature',
            path: '/login/payload.signature',
            expires_at: new Date(Date.now() + 60_000).toISOString(),
            ttl_seconds: 60,
          }),
          { status: 201 },
        ),
    });
    renderRoute('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Show login code' }));
    const qr = await screen.findByTitle('Phone login code');
    expect(qr.closest('svg')).toHaveAttribute('height', '128');
  });
});
