import type { OpsJobsResponse } from '@furlong/contracts';
import { screen, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';

const report: OpsJobsResponse = {
  driver: 'in-process',
  board_path: null,
  jobs: [
    {
      name: 'wagering.tote',
      counts: { waiting: 0, active: 1, delayed: 0, completed: 12, failed: 0 },
      last_run_at: '2026-11-25T12:00:00.000Z',
      last_failure: null,
      next_run_at: '2026-11-25T12:00:05.000Z',
    },
    {
      name: 'wagering.settle',
      counts: { waiting: 0, active: 0, delayed: 0, completed: 3, failed: 1 },
      last_run_at: '2026-11-25T11:59:00.000Z',
      last_failure: { at: '2026-11-25T11:59:00.000Z', message: 'pool not found' },
      next_run_at: null,
    },
  ],
};

describe('OpsJobsPage', () => {
  it('should say jobs run in-process and show each job kind with its failures in red', async () => {
    asMember('Olive', { role: 'admin' });
    mockApi({ '/api/ops/jobs': () => report });
    renderRoute('/admin/ops/jobs');
    expect(await screen.findByText(/Jobs run in-process/)).toBeInTheDocument();
    const settle = screen.getByRole('row', { name: /wagering\.settle/ });
    const failure = within(settle).getByText(/pool not found/);
    expect(failure).toHaveClass('status-error');
    expect(screen.getByRole('row', { name: /wagering\.tote/ })).toHaveTextContent('12');
  });

  it('should tell a member that the page is for operators and administrators', async () => {
    asMember('Mia');
    mockApi({});
    renderRoute('/admin/ops/jobs');
    expect(await screen.findByText('This page is for operators and administrators.')).toBeInTheDocument();
  });
});
