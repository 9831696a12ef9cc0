import { Page } from '../../../components/ui/page';
import { EMPTY_RACE_CONTEXT, useRaceContext } from '../../../lib/race-context';

/** Shows the shared race context: what the race card last selected, or what the provider set. */
export function DataConsumerPage() {
  const { update: _update, clear: _clear, ...context } = useRaceContext();
  const empty = JSON.stringify(context) === JSON.stringify(EMPTY_RACE_CONTEXT);
  return (
    <Page title="Data Consumer">
      <p>The shared race context as the pages see it{empty ? ': nothing selected yet.' : '.'}</p>
      <pre className="code-block">{JSON.stringify(context, null, 2)}</pre>
    </Page>
  );
}

const SAMPLE = {
  currentRaceId: 1,
  trackId: 1,
  trackName: 'Sample Downs',
  selectedBetType: 'Win',
  postTime: '13:00:00',
  horseIds: [1, 2, 3],
  horseNames: ['Sample One', 'Sample Two', 'Sample Three'],
};

/** Puts sample values into the shared race context, or clears it. */
export function DataProviderPage() {
  const update = useRaceContext((s) => s.update);
  const clear = useRaceContext((s) => s.clear);
  return (
    <Page title="Data Provider">
      <p>Set sample values into the shared race context, then open the data consumer to see them.</p>
      <p className="button-row">
        <button type="button" className="button" onClick={() => update(SAMPLE)}>
          Set sample values
        </button>
        <button type="button" className="button secondary" onClick={clear}>
          Clear
        </button>
      </p>
    </Page>
  );
}
