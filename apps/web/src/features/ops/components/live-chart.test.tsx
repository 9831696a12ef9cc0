import { render } from '@testing-library/react';
import uPlot from 'uplot';
import { LiveChart, type LiveChartSeries } from './live-chart';

// jsdom has no canvas: uPlot itself is a stand-in that records how the chart uses it.
jest.mock('uplot', () =>
  jest.fn().mockImplementation(() => ({ width: 1, setData: jest.fn(), setSize: jest.fn(), destroy: jest.fn() })),
);
const MockPlot = uPlot as unknown as jest.Mock;
const plotMade = () =>
  MockPlot.mock.results[0]?.value as { setData: jest.Mock; setSize: jest.Mock; destroy: jest.Mock };

let resize: ((entries: { contentRect: { width: number } }[]) => void) | null = null;
const observed = jest.fn();
const stopped = jest.fn();
class FakeResizeObserver {
  constructor(callback: typeof resize) {
    resize = callback;
  }
  observe = observed;
  disconnect = stopped;
}

const bets = (values: number[]): LiveChartSeries[] => [
  { label: 'Bets/s', color: '#123456', values },
  { label: 'Refusals/s', color: '#abcdef', scale: 'refusals', values: values.map((v) => v / 10) },
];

describe(LiveChart.name, () => {
  beforeEach(() => {
    MockPlot.mockClear();
    globalThis.ResizeObserver = FakeResizeObserver as unknown as typeof ResizeObserver;
  });

  it('should make one plot and give it each new history with setData', () => {
    const { rerender } = render(<LiveChart times={[1, 2]} series={bets([5, 6])} height={70} />);
    expect(MockPlot).toHaveBeenCalledTimes(1);
    const [options, data] = MockPlot.mock.calls[0] as [uPlot.Options, uPlot.AlignedData];
    expect(data).toEqual([
      [1, 2],
      [5, 6],
      [0.5, 0.6],
    ]);
    expect(options).toMatchObject({ height: 70, legend: { show: false } });
    expect(options.series.map((s) => s.scale)).toEqual([undefined, 'y', 'refusals']);

    rerender(<LiveChart times={[1, 2, 3]} series={bets([5, 6, 7])} height={70} />);
    expect(MockPlot).toHaveBeenCalledTimes(1);
    expect(plotMade().setData).toHaveBeenLastCalledWith([
      [1, 2, 3],
      [5, 6, 7],
      [0.5, 0.6, 0.7],
    ]);
  });

  it('should follow the width of its box and destroy the plot on unmount', () => {
    const { unmount, container } = render(<LiveChart times={[1]} series={bets([5])} />);
    expect(observed).toHaveBeenCalledWith(container.firstChild);
    resize?.([{ contentRect: { width: 240 } }]);
    expect(plotMade().setSize).toHaveBeenCalledWith({ width: 240, height: 64 });
    unmount();
    expect(plotMade().destroy).toHaveBeenCalled();
    expect(stopped).toHaveBeenCalled();
  });
});
