import { act, render } from '@testing-library/react';
import { stubCanvasForUplot } from '../../../test/uplot-canvas';

stubCanvasForUplot();

describe('charts with uPlot', () => {
  it('should draw a step line, columns and a calibration scatter, and go away on unmount', async () => {
    // uPlot reads matchMedia as it loads: after the stubs above.
    const [{ TimeChart }, { ColumnChart }, { CalibrationChart }] = await Promise.all([
      import('./time-chart'),
      import('./column-chart'),
      import('./calibration-chart'),
    ]);
    const { container, unmount } = render(
      <>
        <TimeChart
          caption="Earnings"
          days={['2026-01-01', '2026-01-05', '2026-02-10']}
          series={[{ label: 'Running total', values: [6, 7.5, 17.5], step: true }]}
        />
        <ColumnChart
          caption="By year"
          categoryLabel="Year"
          categories={['2025', '2026']}
          label="Earned"
          values={[6, 11.5]}
          reference={{ value: 8, label: 'Average' }}
        />
        <CalibrationChart
          series={[
            { name: 'Yours', bins: [{ from: 0, to: 0.1, count: 30, meanPredicted: 0.05, observed: 0.06 }] },
            { name: 'Tote', bins: [{ from: 0.1, to: 0.2, count: 10, meanPredicted: 0.15, observed: 0.1 }] },
          ]}
          overlay
        />
      </>,
    );
    // The lazy module loads, then uPlot draws in a microtask: let both happen.
    await act(async () => {
      await import('./plot');
    });
    await act(async () => {});
    expect(container.querySelectorAll('.uplot canvas')).toHaveLength(3);
    unmount();
    expect(container.querySelector('.uplot')).toBeNull();
  });
});
