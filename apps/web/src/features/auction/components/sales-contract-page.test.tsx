import { fireEvent, screen, within } from '@testing-library/react';
import { json } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { makeContract } from '../test-fixtures';

const form = () => screen.getByRole('form', { name: 'Sales contract' });
const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(within(form()).getByLabelText(label), { target: { value } });

describe('the sales contract pages', () => {
  beforeEach(() => {
    asMember();
  });

  it('should name what is wrong with each field before sending', async () => {
    const { calls } = mockApi({});
    renderRoute('/sales-contract');
    await screen.findByRole('form', { name: 'Sales contract' });
    fill('Purchase price ($)', 'lots');
    fill('Payment due within (days)', '400');
    fill("Seller's signature", 'x');
    fireEvent.click(within(form()).getByRole('button', { name: 'Sign and store contract' }));

    expect(within(form()).getByText('Buyer (username) is required')).toBeInTheDocument();
    expect(within(form()).getByText('Horse is required')).toBeInTheDocument();
    expect(within(form()).getByText('Purchase price ($) must be a number')).toBeInTheDocument();
    expect(within(form()).getByText('Payment due within (days) must be 0-365 days')).toBeInTheDocument();
    expect(
      within(form()).getByText("Seller's signature type your full name to sign (2-80 characters)"),
    ).toBeInTheDocument();
    expect(within(form()).getByLabelText('Horse')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((u) => u.pathname === '/api/sales-contracts')).toHaveLength(0);
  });

  it("should show the server's field problems beside their fields", async () => {
    mockApi({
      '/api/sales-contracts': () =>
        json(404, { statusCode: 404, message: 'No such user: nobody.', reason: 'not_found' }),
    });
    renderRoute('/sales-contract');
    await screen.findByRole('form', { name: 'Sales contract' });
    fireEvent.click(within(form()).getByLabelText('Buyer'));
    fill('Seller (username)', 'nobody');
    fill('Horse', 'Paper Chase');
    fill('Purchase price ($)', '12,500');
    fill("Buyer's signature", 'Test Member');
    fireEvent.click(within(form()).getByRole('button', { name: 'Sign and store contract' }));
    expect(await within(form()).findByText('Seller (username) No such user: nobody.')).toBeInTheDocument();
  });

  it('should store the contract with the typed signature and show it with its PDF', async () => {
    let sent: unknown = null;
    mockApi({
      '/api/sales-contracts': (_url, init) => {
        sent = JSON.parse(String(init?.body));
        return json(
          201,
          makeContract(3, {
            lot_id: null,
            seller_name: 'Test member',
            buyer_name: 'bo',
            your_side: 'seller',
            status: 'awaiting_signature',
            buyer_signature: null,
            buyer_signed_at: null,
            horse_name: 'Paper Chase',
          }),
        );
      },
    });
    renderRoute('/sales-contract');
    await screen.findByRole('form', { name: 'Sales contract' });
    fill('Buyer (username)', 'bo');
    fill('Horse', 'Paper Chase');
    fill('Purchase price ($)', '12500');
    fill("Seller's signature", 'Test Member');
    fireEvent.click(within(form()).getByRole('button', { name: 'Sign and store contract' }));
    const card = await screen.findByRole('article', { name: /Paper Chase/ });
    expect(sent).toMatchObject({
      your_side: 'seller',
      counterparty: 'bo',
      purchase_price_cents: 1_250_000,
      payment_days: 30,
      delivery_days: 10,
      state: 'KY',
      signature: 'Test Member',
    });
    expect(within(card).getByText('Awaiting signature')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Download PDF/ })).toHaveAttribute(
      'href',
      '/api/sales-contracts/3/pdf',
    );
  });

  it('should list the contracts, let the user sign theirs, and say when there are none', async () => {
    let signed = false;
    mockApi({
      '/api/sales-contracts/4/signature': () => {
        signed = true;
        return makeContract(4, { status: 'signed' });
      },
      '/api/sales-contracts': () => ({
        items: [
          makeContract(4, {
            status: 'awaiting_signature',
            you_may_sign: !signed,
            buyer_signature: signed ? 'Test Member' : null,
            buyer_signed_at: signed ? '2026-11-27T10:00:00.000Z' : null,
          }),
        ],
      }),
    });
    renderRoute('/sales-contracts');
    const card = await screen.findByRole('article', { name: /Gavel Dancer 1/ });
    expect(screen.getByText('One contract waits for your signature.')).toBeInTheDocument();
    const sign = within(card).getByRole('form', { name: 'Sign contract 4' });
    fireEvent.change(within(sign).getByLabelText(/Your signature/), { target: { value: 'Test Member' } });
    fireEvent.click(within(sign).getByRole('button', { name: 'Sign contract' }));
    expect(await within(card).findByText('Test Member')).toBeInTheDocument();
    expect(signed).toBe(true);
  });

  it('should say when there are no sales or breeding contracts', async () => {
    mockApi({
      '/api/sales-contracts': () => ({ items: [] }),
      '/api/stable/breedings': () => ({ breedings: [], studs: [], gestation_hours: 24 }),
    });
    const first = renderRoute('/sales-contracts');
    expect(await screen.findByText(/You have no sales contracts yet/)).toBeInTheDocument();
    first.unmount();
    renderRoute('/breeding-contracts');
    expect(await screen.findByText(/You have no breeding contracts yet/)).toBeInTheDocument();
  });
});
