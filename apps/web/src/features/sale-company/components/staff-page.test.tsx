import { fireEvent, screen, within } from '@testing-library/react';
import { mockApi, renderRoute } from '../../../../test/render';
import { makeSaleCompany } from '../test-fixtures';

const names = () =>
  within(screen.getByRole('table', { name: 'Staff directory' }))
    .getAllByRole('rowheader')
    .map((c) => c.textContent);

describe('StaffPage', () => {
  beforeEach(() => mockApi({ '/api/sale-company': () => makeSaleCompany() }));

  it('should list everyone with their role, department, phone and e-mail', async () => {
    renderRoute('/staff');
    expect(await screen.findByRole('table', { name: 'Staff directory' })).toBeInTheDocument();
    expect(names()).toEqual(['Rosa Quinn', 'Tom Brennan', 'Priya Nair', 'Carmen Reyes']);
    expect(screen.getByText('4 staff')).toBeInTheDocument();
    const rosa = screen.getByRole('row', { name: /Rosa Quinn/ });
    expect(
      within(rosa)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Lead Auctioneer', 'Auctions', '+1 555 0110', 'r.quinn@furlong-sales.example']);
    expect(within(rosa).getByRole('link', { name: 'r.quinn@furlong-sales.example' })).toHaveAttribute(
      'href',
      'mailto:r.quinn@furlong-sales.example',
    );
  });

  it('should filter by department and search by name or role', async () => {
    renderRoute('/staff');
    const department = await screen.findByLabelText('Department');
    expect(
      within(department)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All departments', 'Auctions', 'Veterinary', 'Transport']);
    fireEvent.change(department, { target: { value: 'Auctions' } });
    expect(names()).toEqual(['Rosa Quinn', 'Tom Brennan']);
    expect(screen.getByText('2 of 4 staff')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'lead' } });
    expect(names()).toEqual(['Rosa Quinn']);

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'vet' } });
    expect(screen.getByText('Nobody matches that search.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Show everyone' }));
    expect(names()).toHaveLength(4);
    expect(screen.getByLabelText('Department')).toHaveValue('');
  });
});
