import type { RacingClock } from '../common/racing-clock';
import type { AppConfig } from '../config/app-config';
import type { RaceRepository } from './race.repository';
import type { RaceEvents } from './race-events';
import { RacingService } from './racing.service';
import type { RunnerRatings } from './runner-ratings';

describe('RacingService.open', () => {
  it('should announce the opened races in the order given (soonest post first), whatever order the update returns', async () => {
    const emitted: unknown[] = [];
    const repository = {
      runnerForms: async () => [],
      // PostgreSQL returns an UPDATE's rows in the order it met them, not the order asked for; race 5 was open already.
      open: async () => [9, 2, 7],
    } as unknown as RaceRepository;
    const events = {
      emit: async (_name: string, payload: unknown) => void emitted.push(payload),
    } as unknown as RaceEvents;
    const ratings = { rate: async () => new Map() } as unknown as RunnerRatings;
    const service = new RacingService(
      repository,
      {} as RacingClock,
      {} as AppConfig,
      events,
      { hex: () => 'ab'.repeat(16) } as never,
      ratings,
    );

    expect(await service.open([7, 5, 2, 9])).toEqual([7, 2, 9]);
    expect(emitted).toEqual([{ race_ids: [7, 2, 9] }]);
  });
});
