import type { ScanReport } from '@furlong/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';

const report = (found: number, extra: Partial<ScanReport> = {}): ScanReport => ({
  audit_id: 4,
  ran_at: '2026-11-26T10:00:00.000Z',
  ran_by: 'Steward',
  duration_ms: 120,
  checks: [
    { table: 'current_races', check: "tracks without today's card", found, fixed: found, note: found ? 'made' : '' },
    { table: 'past_performances', check: 'horses with results but no past performances', found: 0, fixed: 0, note: '' },
  ],
  error: null,
  ...extra,
});

describe('ScanInsertPage', () => {
  it('should show the last report, run the scan and show what it found as text', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    let runs = 0;
    mockApi({
      '/api/admin/scan-insert': (_url, init) => {
        if (init?.method === 'POST') {
          runs++;
          return report(3);
        }
        return { report: null };
      },
    });
    renderRoute('/run-scan-insert');
    expect(await screen.findByText('It has not been run yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Run scan and insert' }));
    const text = await screen.findByText(/found 3, repaired 3/);
    expect(runs).toBe(1);
    expect(text).toHaveTextContent("current_races: tracks without today's card — found 3, repaired 3 (made)");
    expect(text).toHaveTextContent(
      'past_performances: horses with results but no past performances — found 0, repaired 0',
    );
    expect(screen.getByRole('heading', { name: 'This run' })).toBeInTheDocument();
  });

  it('should say when there was nothing to repair, and the spec’s message when the scan failed', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    mockApi({
      '/api/admin/scan-insert': (_url, init) =>
        init?.method === 'POST'
          ? new Response(JSON.stringify({ statusCode: 500, message: 'boom' }), { status: 500 })
          : { report: report(0) },
    });
    renderRoute('/run-scan-insert');
    expect(await screen.findByText(/Nothing to repair\./)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Run scan and insert' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error occurred while running scan and insert process.');
  });

  it('should keep members out', async () => {
    asMember('Ada');
    mockApi({});
    renderRoute('/run-scan-insert');
    expect(await screen.findByText('This page is for administrators.')).toBeInTheDocument();
  });
});
