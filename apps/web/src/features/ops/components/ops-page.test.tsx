import type { OpsSnapshot } from '@furlong/contracts';
import { act, screen, within } from '@testing-library/react';
import { FakeOpsSocket } from '../../../../test/fake-socket';
import { json, makeOpsAlert, makeOpsInstance, makeOpsSnapshot } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { formatTimeOfDay } from '../../../lib/format';
import type { LiveChartProps } from './live-chart';
import { formatClock } from './ops-format';
import { OPS_WAITING } from './ops-page';

let mockSocket = new FakeOpsSocket();
jest.mock('../../../lib/socket', () => ({ getSocket: () => mockSocket }));
// jsdom has no canvas for uPlot: the chart shows what it was given (see live-chart.test.tsx for the plot).
jest.mock('./live-chart', () => ({
  LiveChart: ({ times, series }: LiveChartProps) => (
    <div data-testid="live-chart" data-points={times.length} data-last={series.map((s) => s.values.at(-1)).join(',')} />
  ),
}));

const answer = (snapshot: OpsSnapshot) => {
  mockSocket.joinReply = () => ({ ok: true, snapshot });
};

/** The page of an operator, the socket answering the join with `snapshot`. */
async function renderOps(snapshot: OpsSnapshot = makeOpsSnapshot()) {
  answer(snapshot);
  const view = renderRoute('/admin/ops');
  await screen.findByRole('heading', { name: 'Operations' });
  await screen.findByTestId('figure-viewers');
  return view;
}

const figure = (id: string) => screen.getByTestId(`figure-${id}`).textContent;

describe('OpsPage', () => {
  beforeEach(() => {
    mockSocket = new FakeOpsSocket();
    asMember('Olive', { role: 'operator' });
    // GET /api/ops/live never answers here: the page lives on the socket.
    mockApi({ '/api/ops/live': () => new Promise(() => {}) });
  });
  afterEach(() => jest.useRealTimers());

  it('should show every figure of the snapshot as text, and chart the snapshots as they come', async () => {
    await renderOps();
    expect(screen.getByTestId('ops-live-status')).toHaveTextContent(
      `Live · updated ${formatClock('2026-11-25T12:00:00.000Z')}`,
    );
    expect(screen.getByText('1 instance')).toBeInTheDocument();
    expect(figure('viewers')).toBe('42');
    expect(figure('frames-per-second')).toBe('2.0');
    expect(figure('bets-per-second')).toBe('3.5 · 0.5 refused/s');
    expect(figure('tick-lateness')).toBe('8.0 ms');
    expect(figure('tote-cycle')).toBe('40 ms');
    expect(figure('http-requests-per-second')).toBe('20.0 · 1.0% errors');
    expect(figure('event-loop-lag')).toBe('12 ms');
    expect(figure('settlement-backlog')).toBe('0 s');
    expect(await screen.findAllByTestId('live-chart')).toHaveLength(8);

    act(() =>
      mockSocket.serverSends(
        'ops:snapshot',
        makeOpsSnapshot({
          at: '2026-11-25T12:00:01.000Z',
          totals: { viewers: 57, bets_per_second: 4, refusals_per_second: 1 },
        }),
      ),
    );
    expect(figure('viewers')).toBe('57');
    expect(screen.getByTestId('ops-live-status')).toHaveTextContent(formatClock('2026-11-25T12:00:01.000Z'));
    const bets = within(screen.getByRole('listitem', { name: 'Bets/s' })).getByTestId('live-chart');
    expect(bets).toHaveAttribute('data-points', '2');
    expect(bets).toHaveAttribute('data-last', '4,1');
  });

  it('should count today’s races by state and link the next off to its live screen', async () => {
    await renderOps();
    const races = screen.getByRole('region', { name: 'Races today' });
    expect(within(races).getByText('Scheduled').nextSibling).toHaveTextContent('4');
    expect(within(races).getByText('Finished').nextSibling).toHaveTextContent('5');
    expect(within(races).getByRole('link', { name: 'Aville Race 4' })).toHaveAttribute('href', '/race/9');
    expect(within(races).getByRole('timer', { name: 'Time to the next off' })).toHaveTextContent('in 5:00');
    expect(races).toHaveTextContent(`post ${formatTimeOfDay('2026-11-25T12:05:00.000Z', { seconds: true })}`);
  });

  it('should list the alerts in red with since when and for how long', async () => {
    await renderOps(
      makeOpsSnapshot({
        alerts: [
          makeOpsAlert(),
          makeOpsAlert({
            kind: 'instance_silent',
            subject: 'api-2',
            since: '2026-11-25T11:59:50.000Z',
            message: 'api-2 has not reported for 10 s',
          }),
        ],
      }),
    );
    const items = within(screen.getByRole('region', { name: 'Alerts' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    for (const item of items) expect(item).toHaveClass('status-error');
    const [job, silent] = items as [HTMLElement, HTMLElement];
    expect(job).toHaveTextContent('Job failing · wagering.settle');
    expect(job).toHaveTextContent('pool not found');
    expect(job).toHaveTextContent(`since ${formatClock('2026-11-25T11:55:00.000Z')} (5 min 0 s ago)`);
    expect(silent).toHaveTextContent('Instance not reporting · api-2');
    expect(silent).toHaveTextContent(`since ${formatClock('2026-11-25T11:59:50.000Z')} (10 s ago)`);
    expect(screen.queryByText(/All clear/)).not.toBeInTheDocument();
  });

  it('should show a silent instance in red, a stopped one in grey, and a late tick p99 with since when', async () => {
    await renderOps(
      makeOpsSnapshot({
        instances: [
          makeOpsInstance('api-1', { late_since: '2026-11-25T11:58:00.000Z', tick_lateness_p99_ms: 75 }),
          makeOpsInstance('api-2', { status: 'silent', reported_at: '2026-11-25T11:59:50.000Z' }),
          makeOpsInstance('api-3', { status: 'stopped', leases: [] }),
        ],
      }),
    );
    expect(screen.getByText('3 instances (1 up)')).toBeInTheDocument();
    const silent = screen.getByRole('row', { name: /api-2/ });
    expect(silent).toHaveClass('ops-row-alert');
    const since = within(silent).getByText(/silent since/);
    expect(since).toHaveClass('status-error');
    expect(since).toHaveTextContent(`silent since ${formatClock('2026-11-25T11:59:50.000Z')}`);
    expect(screen.getByRole('row', { name: /api-3/ })).toHaveClass('ops-row-stopped');
    const late = within(screen.getByRole('row', { name: /api-1/ })).getByText(/late since/);
    expect(late).toHaveClass('status-error');
    expect(late).toHaveTextContent(`75 ms late since ${formatClock('2026-11-25T11:58:00.000Z')}`);
    expect(screen.getByTestId('figure-tick-lateness')).toHaveClass('status-error');
  });

  it('should list the job failures of the last 15 minutes in red rows', async () => {
    await renderOps(
      makeOpsSnapshot({
        queues: {
          driver: 'bullmq',
          board_path: '/admin/queues',
          jobs: { waiting: 3, delayed: 0, active: 1, failed: 2 },
          failures: [
            {
              job: 'wagering.settle',
              recent: 4,
              since: '2026-11-25T11:50:00.000Z',
              last_at: '2026-11-25T11:59:00.000Z',
            },
          ],
        },
      }),
    );
    const queues = screen.getByRole('region', { name: 'Queues' });
    expect(queues).toHaveTextContent('BullMQ (Redis)');
    const row = within(queues).getByRole('row', { name: /wagering\.settle/ });
    expect(row).toHaveClass('status-error');
    expect(row).toHaveTextContent(
      `4${formatClock('2026-11-25T11:50:00.000Z')}${formatClock('2026-11-25T11:59:00.000Z')}`,
    );
    expect(screen.getByRole('link', { name: 'Queue board' })).toHaveAttribute('href', '/admin/queues');
  });

  it('should say all is clear and nobody is watching when the snapshot is quiet', async () => {
    await renderOps(
      makeOpsSnapshot({
        viewers: [],
        races: {
          by_state: { scheduled: 0, open: 0, closed: 0, running: 0, finished: 0, cancelled: 0 },
          next_off: null,
        },
      }),
    );
    expect(screen.getByText('All clear: nothing is red.')).toBeInTheDocument();
    expect(screen.getByText('Nobody is watching a race')).toBeInTheDocument();
    expect(screen.getByText('No job failed in the last 15 minutes.')).toBeInTheDocument();
    expect(screen.getByText('No race is scheduled to go off.')).toBeInTheDocument();
    // In-process: the jobs report stands in for the queue board.
    expect(screen.getByRole('link', { name: 'Jobs' })).toHaveAttribute('href', '/admin/ops/jobs');
    expect(screen.getByRole('link', { name: 'Endpoint Test' })).toHaveAttribute('href', '/endpoint-test');
    expect(screen.getByRole('link', { name: 'App Test' })).toHaveAttribute('href', '/app-test');
  });

  it('should link each watched race to its live screen with its viewers', async () => {
    await renderOps();
    const viewers = screen.getByRole('region', { name: 'Viewers per race' });
    const row = within(viewers).getByRole('row', { name: /Race 8/ });
    expect(within(row).getByRole('link')).toHaveAttribute('href', '/race/8');
    expect(row).toHaveTextContent('12');
  });

  it('should wait for the first figures while the room has not answered', async () => {
    mockSocket.timeout = () => ({ emit: () => {} });
    renderRoute('/admin/ops');
    expect(await screen.findByText(OPS_WAITING)).toBeInTheDocument();
    expect(screen.getByTestId('ops-live-status')).toHaveTextContent('Connecting');
    expect(screen.queryByTestId('figure-viewers')).not.toBeInTheDocument();
  });

  it('should show the figures of GET /api/ops/live until the room answers', async () => {
    mockSocket.timeout = () => ({ emit: () => {} });
    mockApi({ '/api/ops/live': () => makeOpsSnapshot({ totals: { viewers: 7 } }) });
    renderRoute('/admin/ops');
    expect(await screen.findByTestId('figure-viewers')).toHaveTextContent('7');
    expect(screen.getByTestId('ops-live-status')).toHaveTextContent('Connecting · figures of');
  });

  it('should show the refusal when the room will not have this session', async () => {
    mockSocket.joinReply = () => ({ ok: false, error: 'Please log in again.', reason: 'unauthenticated' });
    mockApi({ '/api/ops/live': () => json(401, { statusCode: 401, message: 'Please log in.' }) });
    renderRoute('/admin/ops');
    expect(await screen.findByRole('alert')).toHaveTextContent('The live figures were refused: Please log in again.');
    // Once more with a new connection, then no more.
    expect(mockSocket.disconnects).toBe(1);
    expect(mockSocket.joins()).toBe(2);
    expect(screen.queryByText(OPS_WAITING)).not.toBeInTheDocument();
    expect(screen.queryByTestId('figure-viewers')).not.toBeInTheDocument();
  });

  it('should show since when the connection dropped, and the figures as stale after 3 s without one', async () => {
    await renderOps();
    jest.useFakeTimers({ now: Date.parse('2026-11-25T12:00:02.000Z') });
    act(() => mockSocket.serverSends('ops:snapshot', makeOpsSnapshot({ at: '2026-11-25T12:00:01.000Z' })));
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.getByTestId('ops-live-status')).toHaveTextContent(
      `Stale since ${formatClock('2026-11-25T12:00:01.000Z')}`,
    );
    act(() => {
      mockSocket.connected = false;
      mockSocket.serverSends('disconnect', 'transport close');
    });
    expect(screen.getByTestId('ops-live-status')).toHaveTextContent(
      `Disconnected since ${formatClock('2026-11-25T12:00:05.000Z')}`,
    );
  });
});
