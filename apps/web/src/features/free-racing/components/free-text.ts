import type { FreeBoardStatus } from '@furlong/contracts';

/** What a board's status reads as on the pages. */
export const FREE_STATUS_TEXT: Record<FreeBoardStatus, string> = {
  odds: 'Odds changing',
  ready: 'Ready to start',
  running: 'Racing',
  finished: 'Finished',
};
