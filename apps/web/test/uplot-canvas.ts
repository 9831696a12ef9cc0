/**
 * Lets the real uPlot draw in jsdom (which has no 2D context): a canvas context, Path2D and
 * matchMedia whose every method does nothing. Call at the top of a test file, before uPlot loads;
 * the options a chart makes must be ones uPlot accepts, draw hooks included. What it draws is seen
 * in a browser.
 */
export function stubCanvasForUplot(): void {
  const noop = () => {};
  beforeAll(() => {
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
}
