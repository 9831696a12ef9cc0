import { render, screen, waitFor, within } from '@testing-library/react';
import uPlot from 'uplot';
import { CalibrationChart, calibrationBinsFromApi, calibrationError } from './calibration-chart';
import { compactCents } from './chart-format';
import { ColumnChart } from './column-chart';
import { TimeChart } from './time-chart';

// jsdom has no canvas: uPlot is a stand-in that records how the charts use it (the real one is
// exercised in charts-uplot.test.tsx, and drawn in a browser).
jest.mock('uplot', () => {
  const made = jest.fn().mockImplementation(() => ({ width: 300, setSize: jest.fn(), destroy: jest.fn() }));
  return Object.assign(made, { paths: {}, pxRatio: 1, tzDate: (d: Date) => d });
});
const MockPlot = uPlot as unknown as jest.Mock;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('charts', () => {
  beforeEach(() => MockPlot.mockClear());

  describe(TimeChart.name, () => {
    it('should caption the chart, read out a summary and give the figures as a table', async () => {
      render(
        <TimeChart
          caption="Earnings over time"
          days={['2026-01-01', '2026-01-05']}
          series={[{ label: 'Running total', values: [600_000, 750_000], step: true }]}
          format={dollars}
        />,
      );
      const figure = screen.getByRole('figure', { name: 'Earnings over time' });
      expect(within(figure).getByRole('img')).toHaveAccessibleName(
        'Earnings over time. Running total: $6000.00 on 2026-01-01 to $7500.00 on 2026-01-05; 2 points.',
      );
      const table = within(figure).getByRole('table', { name: 'Earnings over time' });
      const rows = within(table).getAllByRole('row');
      expect(rows.map((r) => r.textContent)).toEqual(['DateRunning total', '2026-01-01$6000.00', '2026-01-05$7500.00']);
      // The picture comes from the lazily loaded uPlot module, given seconds at UTC midnight.
      await waitFor(() => expect(MockPlot).toHaveBeenCalledTimes(1));
      const [, data] = MockPlot.mock.calls[0] as [uPlot.Options, uPlot.AlignedData];
      expect(data).toEqual([
        [Date.UTC(2026, 0, 1) / 1000, Date.UTC(2026, 0, 5) / 1000],
        [600_000, 750_000],
      ]);
    });

    it('should say so instead of drawing when there is nothing to chart', () => {
      render(
        <TimeChart
          caption="Earnings over time"
          days={[]}
          series={[{ label: 'Total', values: [] }]}
          empty="No starts yet."
        />,
      );
      expect(screen.getByText('No starts yet.')).toBeInTheDocument();
      expect(screen.queryByRole('img')).toBeNull();
      expect(screen.queryByRole('table')).toBeNull();
    });
  });

  describe(compactCents.name, () => {
    it('should shorten dollars for an axis', () => {
      expect([0, 99, 40_775_000, 1_250_000_000].map(compactCents)).toEqual(['$0', '$1', '$407.8K', '$12.5M']);
    });
  });

  describe(ColumnChart.name, () => {
    it('should list each column with its value and the reference level', () => {
      render(
        <ColumnChart
          caption="Win % by post"
          categories={['1', '2']}
          categoryLabel="Post"
          label="Win %"
          values={[14.5, null]}
          format={(v) => `${v}%`}
          reference={{ value: 11, label: 'Average' }}
          details={[{ label: 'Starts', cells: ['200', '0'] }]}
        />,
      );
      expect(screen.getByRole('img')).toHaveAccessibleName('Win % by post. 1: 14.5%, 2: none. Average: 11%.');
      const rows = within(screen.getByRole('table', { name: 'Win % by post' })).getAllByRole('row');
      expect(rows.map((r) => r.textContent)).toEqual(['PostWin %Starts', '114.5%200', '2—0']);
    });
  });

  describe(CalibrationChart.name, () => {
    const bins = [
      { from: 0, to: 0.1, count: 300, meanPredicted: 0.05, observed: 0.04 },
      { from: 0.1, to: 0.2, count: 100, meanPredicted: 0.15, observed: 0.19 },
      { from: 0.9, to: 1, count: 0, meanPredicted: 0, observed: 0 },
    ];

    it('should read the API’s snake_case bins, leaving out the empty ones', () => {
      expect(
        calibrationBinsFromApi([
          { from: 0, to: 0.1, count: 300, mean_predicted: 0.05, observed: 0.04 },
          { from: 0.9, to: 1, count: 0, mean_predicted: null, observed: null },
        ]),
      ).toEqual([{ from: 0, to: 0.1, count: 300, meanPredicted: 0.05, observed: 0.04 }]);
    });

    it('should weigh the calibration error by the forecasts in each bin', () => {
      // (300 × 0.01 + 100 × 0.04) ÷ 400
      expect(calibrationError(bins)).toBeCloseTo(0.0175, 10);
      expect(calibrationError([])).toBe(0);
    });

    it('should table every bin that has forecasts and state the calibration error', () => {
      render(<CalibrationChart bins={bins} />);
      const figure = screen.getByRole('figure', { name: 'Calibration: predicted against observed' });
      expect(within(figure).getByRole('img')).toHaveAccessibleName(
        'Calibration: predicted against observed. Forecast: mean calibration error 1.8% over 400 forecasts.',
      );
      const rows = within(figure).getAllByRole('row');
      expect(rows.map((r) => r.textContent)).toEqual([
        'PointPredicted probabilityObserved frequencyForecasts',
        '0%–10%5%4%300',
        '10%–20%15%19%100',
      ]);
    });

    it('should draw several forecasters side by side, one panel each', () => {
      render(
        <CalibrationChart
          caption="Back-test calibration"
          series={[
            { name: 'Your weights', bins },
            { name: 'Spec weights', bins: bins.slice(0, 1) },
            { name: 'Tote', bins: [] },
          ]}
        />,
      );
      const section = screen.getByRole('region', { name: 'Back-test calibration' });
      expect(within(section).getAllByRole('figure')).toHaveLength(3);
      expect(within(section).getByRole('figure', { name: 'Spec weights' })).toBeInTheDocument();
      expect(within(section).getByRole('figure', { name: 'Tote' })).toHaveTextContent(
        'No finished races to measure yet.',
      );
    });
  });
});
