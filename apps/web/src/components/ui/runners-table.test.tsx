import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { STABLE } from '../../../test/fixtures';
import { ageSex, formFigures, RunnersTable } from './runners-table';

describe('RunnersTable', () => {
  it('should strike a scratched runner through, say so, and give it no odds', () => {
    const runners = [STABLE[0], { ...STABLE[1], scratched: true }, STABLE[2]].map(
      (r) => ({ ...r }) as (typeof STABLE)[0],
    );
    render(
      <MemoryRouter>
        <RunnersTable runners={runners} caption="Entries (3)" liveOdds={{ 1: '8-5', 2: '4-1', 3: '9-2' }} />
      </MemoryRouter>,
    );
    const [, first, scratched] = within(screen.getByRole('table', { name: 'Entries (3)' })).getAllByRole('row');
    expect(scratched).toHaveClass('scratched');
    expect(first).not.toHaveClass('scratched');
    expect(within(scratched as HTMLElement).getByText('SCR')).toBeInTheDocument();
    expect(within(scratched as HTMLElement).queryByText('4-1')).not.toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('8-5')).toBeInTheDocument();
  });

  it("should leave out a current race's columns for a catalog race's entries", () => {
    const catalogEntries = STABLE.map(
      ({
        post_position,
        horse_id,
        horse_name,
        jockey_id,
        jockey_name,
        trainer_id,
        trainer_name,
        owner_id,
        owner_name,
      }) => ({
        post_position,
        horse_id,
        horse_name,
        jockey_id,
        jockey_name,
        trainer_id,
        trainer_name,
        owner_id,
        owner_name,
      }),
    );
    render(
      <MemoryRouter>
        <RunnersTable runners={catalogEntries} caption="Field" />
      </MemoryRouter>,
    );
    expect(
      within(screen.getByRole('table', { name: 'Field' }))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['#', 'Horse', 'Jockey', 'Trainer', 'Owner']);
  });

  it('should print age and sex as a program does, and form oldest to latest', () => {
    expect(ageSex({ age: 4, sex: 'colt' })).toBe('4 c');
    expect(ageSex({ age: 6, sex: 'mare' })).toBe('6 m');
    expect(formFigures([1, 3, 2])).toBe('2-3-1');
    expect(formFigures([])).toBe('First start');
  });
});
