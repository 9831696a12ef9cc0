import { screen, within } from '@testing-library/react';
import { json } from '../../../../test/fixtures';
import { mockApi, renderRoute } from '../../../../test/render';
import { makeSaleCompany } from '../test-fixtures';

describe('FacilitiesPage', () => {
  it('should show a visitor each facility with its capacity and description', async () => {
    mockApi({ '/api/sale-company': () => makeSaleCompany() });
    renderRoute('/facilities');
    expect(await screen.findByRole('heading', { name: 'Facilities', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Facilities of the sale ground' });
    const ring = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(ring).getByRole('heading', { name: 'The Sale Ring' })).toBeInTheDocument();
    expect(ring).toHaveTextContent('Sale ring');
    expect(ring).toHaveTextContent('Capacity: 1,200 seats');
    expect(ring).toHaveTextContent('Where every lot is sold.');
    expect(within(list).getByRole('heading', { name: 'Barn A' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'office@furlong-sales.example' })).toHaveAttribute(
      'href',
      'mailto:office@furlong-sales.example',
    );
  });

  it('should say so when the facilities cannot be loaded', async () => {
    mockApi({ '/api/sale-company': () => json(503, { statusCode: 503, message: 'Try again shortly.' }) });
    renderRoute('/facilities');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the facilities. (Try again shortly.)');
  });

  it('should say when no facility is listed', async () => {
    mockApi({ '/api/sale-company': () => makeSaleCompany({ facilities: [] }) });
    renderRoute('/facilities');
    expect(await screen.findByText('No facilities are listed yet.')).toBeInTheDocument();
  });
});
