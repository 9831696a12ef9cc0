import { freeRoom } from '@furlong/contracts';
import { RACE_SAMPLE_MS, type SimulatedRace } from '@furlong/domain';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../common/clock';
import { SocketEmitter } from '../realtime/socket-emitter';

/**
 * Streams a started free race's precomputed samples to its room `free:{id}`, one every 500 ms of
 * race time from its start (the race was simulated whole at the start; its seed stays secret until
 * the finish). The instance that started the race streams it; the finish job settles it anyway.
 */
@Injectable()
export class FreeRaceStreamer implements OnModuleDestroy {
  private readonly timers = new Map<number, NodeJS.Timeout>();

  constructor(
    @Inject(SocketEmitter) private readonly emitter: SocketEmitter,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  stream(boardId: number, startedAtMs: number, race: SimulatedRace): void {
    if (this.timers.has(boardId)) return;
    const send = () => {
      const s = Math.floor((this.clock.now().getTime() - startedAtMs) / RACE_SAMPLE_MS);
      const sample = race.samples[Math.min(Math.max(s, 0), race.samples.length - 1)];
      if (sample) {
        this.emitter.toRoom(freeRoom(boardId), 'free:frame', {
          b: boardId,
          s: Math.min(Math.max(s, 0), race.samples.length - 1),
          p: sample.progress.map((x) => Math.round(x * 10_000) / 10_000),
          v: sample.speed.map((x) => Math.round(x * 10) / 10),
          l: sample.leaderboard,
        });
      }
      if (s >= race.samples.length - 1) this.stop(boardId);
    };
    send();
    const timer = setInterval(send, RACE_SAMPLE_MS);
    timer.unref();
    this.timers.set(boardId, timer);
  }

  private stop(boardId: number): void {
    clearInterval(this.timers.get(boardId));
    this.timers.delete(boardId);
  }

  onModuleDestroy(): void {
    for (const id of [...this.timers.keys()]) this.stop(id);
  }
}
