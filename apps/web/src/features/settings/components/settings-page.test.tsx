import { DEFAULT_USER_SETTINGS, type UserSettings } from '@furlong/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute, withSettings } from '../../../../test/render';
import { VISITOR_SETTINGS_KEY } from '../../../lib/settings';

const saveButton = () => screen.getByRole('button', { name: 'Save settings' });

describe('SettingsPage', () => {
  it("should keep a visitor's settings in this browser, in the account's shape", async () => {
    const { calls } = mockApi({});
    renderRoute('/user-settings');
    expect(await screen.findByRole('heading', { name: 'User Settings' })).toBeInTheDocument();
    expect(screen.getByText(/kept in this browser only/)).toBeInTheDocument();
    // The defaults: the browser's zone, fractional odds, $2, both notices on.
    expect(screen.getByLabelText('Time zone')).toHaveValue('');
    expect(screen.getByRole('radio', { name: /Fractional/ })).toBeChecked();
    expect(screen.getByLabelText('Default bet amount ($)')).toHaveValue('2');

    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Europe/London' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Decimal (3.50)' }));
    fireEvent.change(screen.getByLabelText('Default bet amount ($)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Results of my bets' }));
    fireEvent.click(saveButton());

    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(VISITOR_SETTINGS_KEY) ?? 'null')).toEqual({
      time_zone: 'Europe/London',
      odds_format: 'decimal',
      default_bet_amount_cents: 500,
      notify_own_horse_running: true,
      notify_own_bet_results: false,
    });
    expect(calls).toEqual([]);
  });

  it('should refuse an amount that is not whole dollars within the limits before sending it', async () => {
    mockApi({});
    renderRoute('/user-settings');
    const amount = await screen.findByLabelText('Default bet amount ($)');
    fireEvent.change(amount, { target: { value: '2.50' } });
    expect(screen.getByText('Default bet amount must be whole dollars')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(amount, { target: { value: '0' } });
    expect(screen.getByText('Default bet amount must be from $1 to $10,000')).toBeInTheDocument();
    fireEvent.click(saveButton());
    expect(localStorage.getItem(VISITOR_SETTINGS_KEY)).toBeNull();
  });

  it("should load a member's saved settings and save them with PUT /api/me/settings", async () => {
    asMember();
    withSettings({ odds_format: 'decimal', default_bet_amount_cents: 1000, time_zone: 'Asia/Tokyo' });
    const sent: UserSettings[] = [];
    mockApi({
      '/api/me/settings': (_url, init) => {
        if (init?.method === 'PUT') {
          sent.push(JSON.parse(String(init.body)) as UserSettings);
          return sent.at(-1);
        }
        return {
          ...DEFAULT_USER_SETTINGS,
          odds_format: 'decimal',
          default_bet_amount_cents: 1000,
          time_zone: 'Asia/Tokyo',
        };
      },
    });
    renderRoute('/account-settings');
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(screen.getByText(/Saved with your account/)).toBeInTheDocument();
    expect(screen.getByLabelText('Time zone')).toHaveValue('Asia/Tokyo');
    expect(screen.getByRole('radio', { name: /Decimal/ })).toBeChecked();
    expect(screen.getByLabelText('Default bet amount ($)')).toHaveValue('10');

    fireEvent.click(screen.getByRole('checkbox', { name: 'My horses running' }));
    fireEvent.click(saveButton());
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        time_zone: 'Asia/Tokyo',
        odds_format: 'decimal',
        default_bet_amount_cents: 1000,
        notify_own_horse_running: false,
        notify_own_bet_results: true,
      },
    ]);
    expect(localStorage.getItem(VISITOR_SETTINGS_KEY)).toBeNull();
  });

  it("should show the server's refusal beside the field it names", async () => {
    asMember();
    mockApi({
      '/api/me/settings': (_url, init) =>
        init?.method === 'PUT'
          ? json(400, {
              statusCode: 400,
              message: 'Validation failed',
              errors: [{ field: 'time_zone', reason: 'must be an IANA time zone, e.g. America/New_York' }],
            })
          : DEFAULT_USER_SETTINGS,
    });
    renderRoute('/account-settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Time zone must be an IANA time zone, e.g. America/New_York')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Time zone')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByText('Settings saved.')).not.toBeInTheDocument();
  });

  it('should say so when the saved settings cannot be loaded', async () => {
    asMember();
    mockApi({ '/api/me/settings': () => json(500, { statusCode: 500, message: 'Database down' }) });
    renderRoute('/account-settings');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your settings could not be loaded.');
  });
});
