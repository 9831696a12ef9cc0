import type { StoredTransportQuote } from '@furlong/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { makeSaleCompany, makeStoredQuote } from '../test-fixtures';

/** A day in the viewer's calendar, `days` from today (YYYY-MM-DD). */
function localDay(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const form = () => screen.getByRole('form', { name: 'Request a transport quote' });
const type = (label: string | RegExp, value: string) => {
  const field = within(form()).getByLabelText(label);
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
};
const estimate = () => screen.getByRole('region', { name: 'Estimate' });

function fillValidRequest() {
  type('From', 'Furlong Park');
  type('To', 'Aville Downs');
  type('Distance (km)', '420');
  type('Horses', '2');
  type('Service', 'van_private');
  type('Travel date', localDay(7));
}

describe('TransportationPage', () => {
  it('should show a visitor the shipping options and ask them to log in to request a quote', async () => {
    const { calls } = mockApi({ '/api/sale-company': () => makeSaleCompany() });
    renderRoute('/transportation');
    const table = await screen.findByRole('table', { name: 'Shipping options and rates' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['$90.00', '$0.95', '$175.00', '$120.00'],
      ['$350.00', '$1.40', '$600.00', '$120.00'],
      ['$2,500.00', '$2.20', '$4,000.00', 'Included'],
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent(/^Shared van/);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('form', { name: 'Request a transport quote' })).not.toBeInTheDocument();
    expect(calls.some((u) => u.pathname === '/api/transport-quotes')).toBe(false);
  });

  it('should estimate the price as the member types, with the same lines the domain gives', async () => {
    asMember();
    mockApi({ '/api/sale-company': () => makeSaleCompany(), '/api/transport-quotes': () => ({ items: [] }) });
    renderRoute('/transportation');
    await screen.findByRole('form', { name: 'Request a transport quote' });
    expect(estimate()).toHaveTextContent('Choose a service and enter the distance and horses to see the price.');
    type('Service', 'van_private');
    type('Distance (km)', '420');
    type('Horses', '2');
    expect(estimate()).toHaveTextContent('420 km × 2 horses × $1.40');
    expect(within(estimate()).getByRole('row', { name: /Total/ })).toHaveTextContent('$1,526.00');
    fireEvent.click(screen.getByLabelText('An attendant travels with the horses'));
    fireEvent.click(screen.getByLabelText(/Transit insurance/));
    expect(within(estimate()).getByRole('row', { name: /Total/ })).toHaveTextContent('$1,766.00');
    type('Distance (km)', '20');
    expect(estimate()).toHaveTextContent('Top-up to the minimum charge of $600.00');
    expect(await screen.findByText('No quote requests yet: the form above sends your first.')).toBeInTheDocument();
  });

  it('should name what is wrong with each field once touched, and send nothing until it is right', async () => {
    asMember();
    const { calls } = mockApi({
      '/api/sale-company': () => makeSaleCompany(),
      '/api/transport-quotes': () => ({ items: [] }),
    });
    renderRoute('/transportation');
    await screen.findByRole('form', { name: 'Request a transport quote' });
    type('From', '');
    expect(screen.getByText('From is required')).toBeInTheDocument();
    expect(within(form()).getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    type('Distance (km)', '6000');
    expect(screen.getByText('Distance (km) must be at most 5,000 km')).toBeInTheDocument();
    type('Horses', '2.5');
    expect(screen.getByText('Horses must be a whole number of horses')).toBeInTheDocument();
    type('Travel date', localDay(-1));
    expect(screen.getByText('Travel date must not be in the past')).toBeInTheDocument();
    expect(estimate()).toHaveTextContent('Choose a service');

    fireEvent.click(screen.getByRole('button', { name: 'Request quote' }));
    expect(screen.getByText('To is required')).toBeInTheDocument();
    expect(screen.getByText('Service is required')).toBeInTheDocument();
    type('From', 'Furlong Park');
    expect(screen.queryByText('From is required')).not.toBeInTheDocument();
    // Only the list was read: nothing was posted.
    expect(calls.filter((u) => u.pathname === '/api/transport-quotes')).toHaveLength(1);
  });

  it('should send the request, show the stored quote and list it under the member’s requests', async () => {
    asMember();
    let items: StoredTransportQuote[] = [makeStoredQuote(3, { to_place: 'Bayside Park' })];
    let sent: unknown;
    mockApi({
      '/api/sale-company': () => makeSaleCompany(),
      '/api/transport-quotes': (_url, init) => {
        if (init?.method !== 'POST') return { items };
        sent = JSON.parse(String(init.body));
        const stored = makeStoredQuote(9, { travel_date: localDay(7), horse_name: 'Lot 112' });
        items = [stored, ...items];
        return json(201, stored);
      },
    });
    renderRoute('/transportation');
    expect(await screen.findByRole('row', { name: /#3/ })).toHaveTextContent('Furlong Park → Bayside Park');
    fillValidRequest();
    fireEvent.click(screen.getByLabelText('An attendant travels with the horses'));
    fireEvent.click(screen.getByLabelText(/Transit insurance/));
    type(/^Horse name/, 'Lot 112');
    fireEvent.click(screen.getByRole('button', { name: 'Request quote' }));

    const stored = await screen.findByRole('region', { name: 'Quote #9' });
    expect(within(stored).getByRole('status')).toHaveTextContent(
      `Request stored: Furlong Park to Aville Downs on ${localDay(7)}, $1,766.00.`,
    );
    expect(sent).toEqual({
      from_place: 'Furlong Park',
      to_place: 'Aville Downs',
      distance_km: 420,
      horses: 2,
      service: 'van_private',
      travel_date: localDay(7),
      attendant: true,
      insurance: true,
      horse_name: 'Lot 112',
      notes: null,
    });
    const newest = await screen.findByRole('row', { name: /#9/ });
    expect(newest).toHaveTextContent('$1,766.00');
    const rows = within(screen.getByRole('table', { name: 'Your quote requests, newest first' })).getAllByRole('row');
    expect(rows[1]).toBe(newest);
    // The form is empty again for the next request.
    expect(within(form()).getByLabelText('From')).toHaveValue('');
  });

  it("should put the server's field problems beside their fields and say why a request was refused", async () => {
    asMember();
    let answer = json(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'travel_date: must not be in the past',
      errors: [{ field: 'travel_date', reason: 'must not be in the past' }],
    });
    mockApi({
      '/api/sale-company': () => makeSaleCompany(),
      '/api/transport-quotes': (_url, init) => (init?.method === 'POST' ? answer : { items: [] }),
    });
    renderRoute('/transportation');
    await screen.findByRole('form', { name: 'Request a transport quote' });
    fillValidRequest();
    fireEvent.click(screen.getByRole('button', { name: 'Request quote' }));
    expect(await screen.findByText('Travel date must not be in the past')).toBeInTheDocument();

    answer = json(409, {
      statusCode: 409,
      error: 'Conflict',
      message: 'You can request at most 20 transport quotes in 24 hours.',
      reason: 'transport_quotes_per_day',
    });
    type('Travel date', localDay(8));
    expect(screen.queryByText('Travel date must not be in the past')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Request quote' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Could not send the request (You can request at most 20 transport quotes in 24 hours.)',
      ),
    );
  });

  it('should say so when the shipping options cannot be loaded', async () => {
    mockApi({ '/api/sale-company': () => json(500, { statusCode: 500, message: 'Internal server error' }) });
    renderRoute('/transportation');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the shipping options.');
  });
});
