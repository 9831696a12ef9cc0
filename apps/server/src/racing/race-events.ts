import { Injectable, Logger } from '@nestjs/common';

/**
 * What happens to current races, as racing announces it. Any module subscribes (wagering seeds and
 * settles its pools; news, the stable and statistics later) without racing knowing it. Each
 * instance announces what it did and runs its own subscribers: a subscriber that must act once
 * across instances makes its work idempotent (e.g. a job with a fixed id).
 */
export interface RaceLifecycleEvents {
  /** Betting opened on these races (seed hash published, engine runners fixed). */
  'race.opened': { race_ids: number[] };
  /** Betting closed on these races (the runner at the off, or the scheduler's sweep). */
  'race.closed': { race_ids: number[] };
  /** A runner was scratched before the off: the field (and the engine's input) lost it. */
  'race.scratched': { race_id: number; post_position: number; starters: number; cancelled: boolean };
  /** These races were cancelled (never run, or a result that could not be written). */
  'race.cancelled': { race_ids: number[] };
  /** A race's official result was written (once, by the instance that wrote it). */
  'race.resulted': { current_race_id: number; result_id: number };
}

export type RaceEventName = keyof RaceLifecycleEvents;
export type RaceEventListener<N extends RaceEventName> = (
  payload: RaceLifecycleEvents[N],
) => Promise<unknown> | unknown;

/**
 * The typed seam between racing and its subscribers. `emit` awaits every subscriber in turn; a
 * subscriber's failure is logged and never undoes or stops the racing step that announced it.
 */
@Injectable()
export class RaceEvents {
  private readonly logger = new Logger('RaceEvents');
  private readonly listeners = new Map<RaceEventName, RaceEventListener<never>[]>();

  /** Subscribes to an event; returns the unsubscribe function. */
  on<N extends RaceEventName>(name: N, listener: RaceEventListener<N>): () => void {
    const list = this.listeners.get(name) ?? [];
    list.push(listener as RaceEventListener<never>);
    this.listeners.set(name, list);
    return () => {
      const current = this.listeners.get(name) ?? [];
      this.listeners.set(
        name,
        current.filter((l) => l !== listener),
      );
    };
  }

  async emit<N extends RaceEventName>(name: N, payload: RaceLifecycleEvents[N]): Promise<void> {
    for (const listener of this.listeners.get(name) ?? []) {
      try {
        await (listener as RaceEventListener<N>)(payload);
      } catch (err) {
        this.logger.warn(`${name} subscriber failed: ${(err as Error).message}`);
      }
    }
  }
}
