import type { OutboxMail, OutboxPage } from '@furlong/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute, resetMember } from '../../../../test/render';

const mail = (id: number, patch: Partial<OutboxMail> = {}): OutboxMail => ({
  id,
  to: 'office@furlong.example',
  subject: `Insurance quote request #${id}`,
  purpose: 'office',
  source: { kind: 'insurance_quote', id },
  status: 'sent',
  attempts: 1,
  next_attempt_at: null,
  last_attempt_at: '2026-11-20T10:00:00.000Z',
  last_error: null,
  sent_at: '2026-11-20T10:00:00.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
  ...patch,
});

const page = (items: OutboxMail[], patch: Partial<OutboxPage> = {}): OutboxPage => ({
  items,
  total: items.length,
  limit: 25,
  offset: 0,
  counts: { queued: 0, sent: items.length, failed: 0 },
  ...patch,
});

describe('OutboxPage', () => {
  afterEach(() => resetMember());

  it('should show an admin each mail with its status, attempts and last error, and filter by status', async () => {
    asMember('Admin', { role: 'admin' });
    const { calls } = mockApi({
      '/api/admin/outbox': (url) =>
        url.searchParams.get('status') === 'failed'
          ? page([mail(2, { status: 'failed', attempts: 8, last_error: '550 mailbox unavailable', sent_at: null })], {
              counts: { queued: 0, sent: 1, failed: 1 },
            })
          : page([mail(1), mail(2, { to: 'bea@fail.test', status: 'queued', attempts: 2, sent_at: null })]),
    });
    renderRoute('/admin/outbox');
    const table = await screen.findByRole('table', { name: 'Outbox' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('office@furlong.example');
    expect(rows[1]).toHaveTextContent('Insurance quote #1');
    expect(rows[2]).toHaveTextContent('queued');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Outbox' })).toHaveTextContent('550 mailbox unavailable'),
    );
    expect(calls.some((u) => u.searchParams.get('status') === 'failed')).toBe(true);
    expect(screen.getByLabelText('Mails by status')).toHaveTextContent('0 queued · 1 sent · 1 failed');
  });

  it('should say when the outbox is empty', async () => {
    asMember('Admin', { role: 'admin' });
    mockApi({ '/api/admin/outbox': () => page([]) });
    renderRoute('/admin/outbox');
    expect(await screen.findByText('The outbox is empty: no form has been sent yet.')).toBeInTheDocument();
  });

  it('should show a member the refusal', async () => {
    asMember();
    mockApi({
      '/api/admin/outbox': () => json(403, { statusCode: 403, message: 'This needs an administrator.' }),
    });
    renderRoute('/admin/outbox');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the outbox. (This needs an administrator.)',
    );
  });
});
