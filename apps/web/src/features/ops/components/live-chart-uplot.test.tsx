import { act, render } from '@testing-library/react';

// The real uPlot, drawing on a 2D context that does nothing (jsdom has none): the chart's options and
// calls must be ones uPlot accepts. What it draws is seen in a browser.
beforeAll(() => {
  const noop = () => {};
  const context = new Proxy(
    { measureText: () => ({ width: 10 }), createLinearGradient: () => ({ addColorStop: noop }) },
    { get: (target, key) => (key in target ? target[key as keyof typeof target] : noop), set: () => true },
  );
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as never);
  const anything = (base: object) =>
    new Proxy(base, { get: (target, key) => (key in target ? target[key as keyof typeof target] : noop) });
  globalThis.Path2D ??= class {
    constructor() {
      // biome-ignore lint/correctness/noConstructorReturn: every path method is a no-op
      return anything(this);
    }
  } as never;
  window.matchMedia ??= (() => ({ matches: false, addEventListener: noop, removeEventListener: noop })) as never;
});
afterAll(() => jest.restoreAllMocks());

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
