import { useCallback, useEffect, useRef, useState } from 'react';
import { getSocket } from '../../../lib/socket';
import { pendingReports, runAppTest, type StepReport } from './app-test-steps';

/** The app test's steps and a `run` that starts them (again); nothing runs until `run` is called. */
export function useAppTest(raceId: number | null) {
  const [steps, setSteps] = useState<StepReport[]>(pendingReports);
  const [running, setRunning] = useState(false);
  const runId = useRef(0);

  // Leaving the page (or a new race id) stops the reports of a run still going.
  useEffect(
    () => () => {
      runId.current += 1;
    },
    [],
  );

  const run = useCallback(async () => {
    runId.current += 1;
    const mine = runId.current;
    const cancelled = () => runId.current !== mine;
    setSteps(pendingReports());
    setRunning(true);
    try {
      await runAppTest(
        getSocket(),
        raceId,
        (index, patch) => setSteps((prev) => prev.map((s, i) => (i === index ? { ...s, ...patch } : s))),
        cancelled,
      );
    } finally {
      if (!cancelled()) setRunning(false);
    }
  }, [raceId]);

  return { steps, running, run };
}
