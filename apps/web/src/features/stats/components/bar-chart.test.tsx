import { render, screen, within } from '@testing-library/react';
import { BarChart, barShare } from './bar-chart';

const fillOf = (label: string) => {
  const row = screen.getByText(label).closest('li');
  if (!row) throw new Error(`no bar for ${label}`);
  return row.querySelector<HTMLElement>('.bar-fill');
};

describe('BarChart', () => {
  it('should scale the bars to the largest value and labels each one', () => {
    render(
      <BarChart
        title="Win % by surface"
        format={(n) => `${n.toFixed(1)}%`}
        bars={[
          { key: 'dirt', label: 'Dirt', value: 20, note: '4 wins from 20 starts' },
          { key: 'turf', label: 'Turf', value: 10 },
          { key: 'synthetic', label: 'Synthetic', value: 5 },
        ]}
      />,
    );

    const list = screen.getByRole('list', { name: 'Win % by surface' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('Win % by surface').tagName).toBe('FIGCAPTION');
    expect(screen.getByText('20.0%')).toBeTruthy();
    expect(screen.getByText('4 wins from 20 starts')).toBeTruthy();
    expect(fillOf('Dirt')?.style.width).toBe('100%');
    expect(fillOf('Turf')?.style.width).toBe('50%');
    expect(fillOf('Synthetic')?.style.width).toBe('25%');
  });

  it('should draw vertical bars by height and reads the note out', () => {
    render(
      <BarChart
        title="Win % by post position"
        orientation="vertical"
        bars={[
          { key: '1', label: '1', value: 30, display: '30.0%', note: '3 wins from 10 starts' },
          { key: '2', label: '2', value: 12, display: '12.0%' },
        ]}
      />,
    );
    expect(fillOf('1')?.style.height).toBe('100%');
    expect(fillOf('2')?.style.height).toBe('40%');
    // The note is in the text of the bar, for screen readers, though not drawn.
    expect(screen.getByText(', 3 wins from 10 starts').className).toBe('visually-hidden');
  });

  it('should show a dash and no bar for a missing value, and copes with all zeros', () => {
    render(
      <BarChart
        title="Avg speed figure"
        bars={[
          { key: 'a', label: 'Fast', value: null },
          { key: 'b', label: 'Good', value: 0 },
        ]}
      />,
    );
    expect(screen.getByText('—')).toBeTruthy();
    expect(fillOf('Fast')?.style.width).toBe('0%');
    expect(fillOf('Good')?.style.width).toBe('0%');
  });

  it('should say so when there are no bars', () => {
    render(<BarChart title="Races" bars={[]} emptyText="No races yet." />);
    expect(screen.getByText('No races yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('should compute shares with two decimals', () => {
    expect(barShare(1, 3)).toBe(33.33);
    expect(barShare(-2, 3)).toBe(0);
    expect(barShare(5, 0)).toBe(0);
  });
});
