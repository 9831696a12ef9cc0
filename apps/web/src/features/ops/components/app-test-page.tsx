import { Link, useParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { ErrorMessage } from '../../../components/ui/status';
import type { StepReport } from '../hooks/app-test-steps';
import { useAppTest } from '../hooks/use-app-test';

const STATE_LABEL: Record<StepReport['state'], string> = {
  pending: 'Pending',
  running: 'Running',
  passed: 'Passed',
  failed: 'Failed',
  skipped: 'Skipped',
};

/**
 * /app-test and /app-test/{id}: a smoke check of the main flows from this browser, run on demand
 * (it places a bet that must be refused, so never on page load). With {id}, the race and tote steps
 * use that current race.
 */
export function AppTestPage() {
  const { id } = useParams();
  const raceId = id === undefined ? null : Number(id);
  const badId = raceId !== null && !(Number.isInteger(raceId) && raceId > 0);
  const { steps, running, run } = useAppTest(badId ? null : raceId);
  const started = steps.some((s) => s.state !== 'pending');
  const done = steps.filter((s) => s.state !== 'pending' && s.state !== 'running');
  const count = (state: StepReport['state']) => done.filter((s) => s.state === state).length;

  return (
    <Page
      title="App Test"
      actions={
        <button type="button" className="button" disabled={running || badId} onClick={() => void run()}>
          {running ? 'Running...' : started ? 'Run again' : 'Run'}
        </button>
      }
    >
      <p className="hint">
        Checks the main flows from this browser, in order: a catalog list, a program card, joining a live race and
        receiving a frame, the tote room, and a bet that must be refused because its race is closed.{' '}
        {raceId !== null && !badId ? (
          <>
            The race steps use <Link to={`/race/${raceId}`}>current race {raceId}</Link>.
          </>
        ) : (
          'The race steps use a current race they find (a running one first).'
        )}
      </p>
      {badId ? <ErrorMessage text={`“${id}” is not a race id.`} /> : null}
      <ol className="app-test-steps" aria-label="Steps">
        {steps.map((step) => (
          <li key={step.key} className="app-test-step" aria-label={step.label}>
            <span className={`step-state step-${step.state}`}>
              {step.state === 'running' ? <span className="spinner" aria-hidden="true" /> : null}
              {STATE_LABEL[step.state]}
            </span>
            <span className="step-label">{step.label}</span>
            <span className="step-time">{step.ms === null ? '' : `${step.ms} ms`}</span>
            {step.detail ? <span className="step-detail">{step.detail}</span> : null}
          </li>
        ))}
      </ol>
      <p role="status" aria-live="polite" className="hint">
        {running ? `Running step ${done.length + 1} of ${steps.length}...` : null}
        {!running && started
          ? `${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped.`
          : null}
      </p>
    </Page>
  );
}
