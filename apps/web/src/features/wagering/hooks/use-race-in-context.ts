import { useSearchParams } from 'react-router-dom';
import { useRaceContext } from '../../../lib/race-context';

/** A positive integer id from query text, or null. */
export function parseId(text: string | null | undefined): number | null {
  if (!text || !/^\d+$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The race a wagering page is about: `?raceId=` first, else the race the race card put in context. */
export function useRaceIdInContext(): number | null {
  const [params] = useSearchParams();
  const contextId = useRaceContext((s) => s.currentRaceId);
  return parseId(params.get('raceId')) ?? contextId;
}
