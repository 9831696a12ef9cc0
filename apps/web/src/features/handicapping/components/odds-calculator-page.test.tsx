import { fireEvent, screen } from '@testing-library/react';
import { asMember, mockApi, renderRoute, resetMember } from '../../../../test/render';

const odds = () => screen.getByRole('status', { name: 'Odds to 1' }).textContent;

describe('OddsCalculatorPage', () => {
  beforeEach(() => {
    asMember();
    mockApi({});
  });
  afterEach(() => resetMember());

  it('should work the odds out as the user types: 8 runners over 1,200 m on a fast track are 7.00 to 1', async () => {
    renderRoute('/race-odds-calculator');
    expect(await screen.findByRole('heading', { name: 'Odds Calculator' })).toBeInTheDocument();
    expect(odds()).toBe('7.00');
    expect(screen.getByText(/On the tote: 7-1/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Muddy' }));
    expect(odds()).toBe('10.50');
    fireEvent.click(screen.getByRole('radio', { name: 'Fast' }));
    fireEvent.change(screen.getByLabelText(/^Distance/), { target: { value: '2400' } });
    expect(odds()).toBe('9.90');

    // A winner with a record is shorter.
    const before = Number(odds());
    fireEvent.change(screen.getByLabelText(/^First-place finishes/), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText(/^Total winnings/), { target: { value: '250000' } });
    expect(Number(odds())).toBeLessThan(before);
    expect(screen.getByText(/Condition factor: fast 1, wet 1.5, muddy 1.5/)).toBeInTheDocument();
  });

  it('should name the field that is wrong and show no odds until it is right', async () => {
    renderRoute('/race-odds-calculator');
    const runners = await screen.findByLabelText(/^Runners/);
    fireEvent.change(runners, { target: { value: '1' } });
    expect(runners).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The runners must be a whole number from 2 to 20.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Odds to 1' })).not.toBeInTheDocument();
    fireEvent.change(runners, { target: { value: '12' } });
    expect(runners).not.toHaveAttribute('aria-invalid');
    expect(odds()).toBe('11.00');
  });
});
