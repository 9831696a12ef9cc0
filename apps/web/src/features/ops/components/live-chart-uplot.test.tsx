import { act, render } from '@testing-library/react';
import { stubCanvasForUplot } from '../../../../test/uplot-canvas';

stubCanvasForUplot();

describe('LiveChart with uPlot', () => {
  it('should make a plot in its box, take new data and go away on unmount', async () => {
    // uPlot reads matchMedia as it loads: after the stubs above.
    const { LiveChart } = await import('./live-chart');
    const series = (values: (number | null)[]) => [
      { label: 'Requests/s', color: '--brand', values },
      {
        label: 'Errors (%)',
        color: '#a3261c',
        scale: 'share',
        values: values.map((v) => (v === null ? null : v / 100)),
      },
    ];
    const { container, rerender, unmount } = render(<LiveChart times={[100, 101]} series={series([5, null])} />);
    // uPlot draws in a microtask: let it.
    await act(async () => {});
    expect(container.querySelector('.uplot canvas')).not.toBeNull();
    rerender(<LiveChart times={[100, 101, 102]} series={series([5, null, 7])} />);
    await act(async () => {});
    expect(container.querySelectorAll('.uplot')).toHaveLength(1);
    unmount();
    expect(container.querySelector('.uplot')).toBeNull();
  });
});
