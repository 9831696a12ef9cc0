import { CSRF_COOKIE } from '@furlong/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json } from '../../../../test/fixtures';
import { mockApi, renderRoute } from '../../../../test/render';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const form = () => screen.getByRole('form', { name: 'Insurance quote request' });
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(within(form()).getByLabelText(label), { target: { value } });

function fillIn() {
  type('First name', 'Ada');
  type('Last name', 'Park');
  type('Phone', '555 010 2030');
  type('E-mail', 'ada@furlong.test');
  type('Date of birth', '1980-04-12');
  type('Street', '12 Oak Lane');
  type(/^Space or lot number/, '42');
  type('City', 'Sacramento');
  type('State', 'CA');
  type('ZIP code', '95814');
  type('Year built', '2015');
  type('Length (ft)', '56');
  type('Width (ft)', '28');
  fireEvent.click(within(form()).getByLabelText('In a manufactured-home park'));
  type('Purchase price ($)', '85000');
  fireEvent.click(within(form()).getByLabelText('Owner-occupied'));
  type('Cover starts', inDays(14));
  fireEvent.click(within(form()).getByLabelText('Flood cover'));
}

describe('InsuranceQuotePage', () => {
  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the CSRF cookie the server would
    document.cookie = `${CSRF_COOKIE}=; max-age=0`;
  });

  it('should be a plain HTML form that posts to /api/send-email with the CSRF token in a hidden field', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the CSRF cookie the server would
    document.cookie = `${CSRF_COOKIE}=token-123`;
    mockApi({});
    renderRoute('/insurance-quote');
    expect(await screen.findByRole('heading', { name: 'Insurance Quote', level: 1 })).toBeInTheDocument();
    expect(form()).toHaveAttribute('method', 'post');
    expect(form()).toHaveAttribute('action', '/api/send-email');
    const hidden = form().querySelector('input[type="hidden"][name="_csrf"]');
    expect(hidden).toHaveValue('token-123');
    // Every field of the spec's form, under its own name.
    const names = [...form().querySelectorAll('[name]')].map((e) => e.getAttribute('name'));
    expect(names).toEqual(
      expect.arrayContaining([
        'firstName', 'lastName', 'phone', 'email', 'propertyZip', 'name1dob', 'homeYear', 'length', 'width', 'inPark',
        'privateLand', 'street', 'space', 'city', 'state', 'purchasePrice', 'effectiveDate', 'garageAttached',
        'garageDetached', 'garageCashValue', 'claims', 'ownerOccupied', 'vacantOrSpec', 'rental', 'seasonal',
        'courseOfConstruction', 'earthquakeCoverage', 'floodCoverage', 'additionalCoverage',
      ]), // biome-ignore format: the spec's list
    );
  });

  it('should name each wrong field and send nothing', async () => {
    const { calls } = mockApi({});
    renderRoute('/insurance-quote');
    await screen.findByRole('form', { name: 'Insurance quote request' });
    type('ZIP code', '9581');
    fireEvent.click(within(form()).getByLabelText('Attached garage or carport'));
    fireEvent.click(screen.getByRole('button', { name: 'Request a quote' }));
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('ZIP code must be a ZIP code: 5 digits (or ZIP+4)')).toBeInTheDocument();
    expect(within(form()).getByLabelText('ZIP code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('State is required')).toBeInTheDocument();
    expect(screen.getByText('Date of birth is required')).toBeInTheDocument();
    expect(within(form()).getByLabelText('First name')).toHaveFocus();
    expect(calls.filter((u) => u.pathname === '/api/send-email')).toHaveLength(0);
  });

  it('should send the quote as JSON and confirm it', async () => {
    let sent: Record<string, unknown> = {};
    mockApi({
      '/api/send-email': (_url, init) => {
        sent = JSON.parse(String(init?.body));
        return json(201, {
          id: 17,
          kind: 'insurance_quote',
          received_at: new Date().toISOString(),
          message: 'Thank you: your quote request #17 is on its way. A confirmation is coming to ada@furlong.test.',
        });
      },
    });
    renderRoute('/insurance-quote');
    await screen.findByRole('form', { name: 'Insurance quote request' });
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Request a quote' }));
    expect(await screen.findByText(/your quote request #17 is on its way/)).toBeInTheDocument();
    expect(sent).toMatchObject({
      firstName: 'Ada',
      state: 'CA',
      homeYear: 2015,
      purchasePrice: 85_000,
      inPark: true,
      privateLand: false,
      ownerOccupied: true,
      floodCoverage: true,
      space: '42',
    });
    expect(sent).not.toHaveProperty('_csrf');
    await waitFor(() => expect(within(form()).getByLabelText('First name')).toHaveValue(''));
  });

  it('should show the server’s field problems and its refusals', async () => {
    let answer = json(400, {
      statusCode: 400,
      message: 'effectiveDate: must not be in the past',
      errors: [{ field: 'effectiveDate', reason: 'must not be in the past' }],
    });
    mockApi({ '/api/send-email': () => answer });
    renderRoute('/insurance-quote');
    await screen.findByRole('form', { name: 'Insurance quote request' });
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Request a quote' }));
    expect(await screen.findByText('Cover starts must not be in the past')).toBeInTheDocument();

    answer = json(429, { statusCode: 429, message: 'Too many forms from this e-mail address (at most 5 an hour).' });
    fireEvent.click(screen.getByRole('button', { name: 'Request a quote' }));
    expect(await screen.findByText(/Too many forms from this e-mail address/)).toBeInTheDocument();
  });

  it('should confirm a request the plain form post sent (the server redirects back with ?sent=)', async () => {
    mockApi({});
    renderRoute('/insurance-quote?sent=23');
    expect(await screen.findByText(/your quote request #23 is on its way/)).toHaveTextContent(
      'Request sent. Thank you: your quote request #23 is on its way.',
    );
  });

  it('should show each field’s problem, or the refusal, when a plain form post comes back refused', async () => {
    mockApi({});
    const problems = JSON.stringify([
      { field: 'email', reason: 'must be an e-mail address' },
      { field: 'homeYear', reason: 'must be 1900 or later' },
    ]);
    const { unmount } = renderRoute(`/insurance-quote?problems=${encodeURIComponent(problems)}`);
    expect(await screen.findByText('E-mail must be an e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Year built must be 1900 or later')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    unmount();

    renderRoute(`/insurance-quote?error=${encodeURIComponent('Too many forms from this e-mail address.')}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not sent: Too many forms from this e-mail address.');
  });
});
