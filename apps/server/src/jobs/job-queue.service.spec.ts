import { Injectable, Module } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { JobHandler } from './job-handler.decorator';
import { collectHandlers } from './job-queue.service';

@Injectable()
class RefreshHandler {
  calls: unknown[] = [];
  @JobHandler('past-performance.refresh')
  async refresh(payload: unknown) {
    this.calls.push(payload);
  }
}

@Injectable()
class RacingScheduleHandler {
  @JobHandler('racing.schedule')
  async schedule() {}
}

@Injectable()
class WageringHandlers {
  @JobHandler('wagering.open-pools')
  async openPools() {}
  @JobHandler('wagering.tote')
  async tote() {}
  @JobHandler('wagering.settle')
  async settle() {}
  @JobHandler('wagering.featured-bonus')
  async featuredBonus() {}
}

@Injectable()
class FairOddsHandlers {
  @JobHandler('fair-odds.compute')
  async compute() {}
  @JobHandler('fair-odds.sweep')
  async sweep() {}
}

@Injectable()
class StableHandlers {
  @JobHandler('stable.sweep')
  async sweep() {}
}

@Injectable()
class AuctionHandlers {
  @JobHandler('auction.hammer')
  async hammer() {}

  @JobHandler('auction.sweep')
  async sweep() {}
}

@Injectable()
class ContentHandlers {
  @JobHandler('content.outbox')
  async outbox() {}

  @JobHandler('content.news')
  async news() {}

  @JobHandler('content.feed')
  async feed() {}
}

@Injectable()
class AdminHandlers {
  @JobHandler('admin.scan-insert')
  async scanInsert() {}
}

@Injectable()
class FreeRacingHandlers {
  @JobHandler('free.odds')
  async odds() {}

  @JobHandler('free.finish')
  async finish() {}

  @JobHandler('free.sweep')
  async sweep() {}
}

@Injectable()
class SecondRefreshHandler {
  @JobHandler('past-performance.refresh')
  async refresh() {}
}

async function discover(providers: (new () => unknown)[]) {
  @Module({ imports: [DiscoveryModule], providers })
  class HostModule {}
  const moduleRef = await Test.createTestingModule({ imports: [HostModule] }).compile();
  return { moduleRef, discovery: moduleRef.get(DiscoveryService), scanner: moduleRef.get(MetadataScanner) };
}

describe(collectHandlers.name, () => {
  it('should map each job name to its decorated method, bound to its instance', async () => {
    const { moduleRef, discovery, scanner } = await discover([
      RefreshHandler,
      RacingScheduleHandler,
      WageringHandlers,
      FairOddsHandlers,
      StableHandlers,
      AuctionHandlers,
      ContentHandlers,
      AdminHandlers,
      FreeRacingHandlers,
    ]);
    const sut = collectHandlers(discovery, scanner);
    await sut.get('past-performance.refresh')?.({ reason: 'manual' });
    expect(moduleRef.get(RefreshHandler).calls).toEqual([{ reason: 'manual' }]);
  });

  it('should refuse to start when a job has no handler', async () => {
    const { discovery, scanner } = await discover([RacingScheduleHandler]);
    expect(() => collectHandlers(discovery, scanner)).toThrow(
      "job 'past-performance.refresh' has 0 handlers (needs exactly 1)",
    );
  });

  it('should refuse to start when a job has two handlers', async () => {
    const { discovery, scanner } = await discover([
      RefreshHandler,
      SecondRefreshHandler,
      RacingScheduleHandler,
      WageringHandlers,
    ]);
    expect(() => collectHandlers(discovery, scanner)).toThrow('has 2 handlers');
  });
});
