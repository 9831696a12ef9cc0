import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { LedgerDescriptions, type ReferenceName } from '../accounts/ledger-descriptions';
import { type RaceLegView, RaceReadModel } from '../racing/race-read-model';
import { BetRepository } from './bet.repository';
import { PoolRepository } from './pool.repository';

type Named = { id: number; bet_type: string; race_ids: number[] };

/** "Race 7 at Victoria Park"; a sequence's consecutive races "Races 3–5 at Aville Downs". */
export function racesText(raceIds: readonly number[], races: ReadonlyMap<number, RaceLegView>): string {
  const byTrack = new Map<string, number[]>();
  for (const id of raceIds) {
    const race = races.get(id);
    if (race) byTrack.set(race.track_name, [...(byTrack.get(race.track_name) ?? []), race.race_number]);
  }
  return [...byTrack]
    .map(([track, numbers]) => {
      const sorted = [...new Set(numbers)].sort((a, b) => a - b);
      const first = sorted[0];
      const last = sorted.at(-1);
      const consecutive =
        sorted.length > 1 && last !== undefined && first !== undefined && last - first === sorted.length - 1;
      const list =
        sorted.length === 1
          ? `Race ${first}`
          : consecutive
            ? `Races ${first}\u2013${last}`
            : `Races ${sorted.join(', ')}`;
      return `${list} at ${track}`;
    })
    .join('; ');
}

/** Names wagering's ledger references for the wallet: `pool:{id}` (payouts, refunds), `bets:{ids}` (stakes). */
@Injectable()
export class LedgerReferenceNames implements OnModuleInit {
  constructor(
    @Inject(LedgerDescriptions) private readonly descriptions: LedgerDescriptions,
    @Inject(PoolRepository) private readonly pools: PoolRepository,
    @Inject(BetRepository) private readonly bets: BetRepository,
    @Inject(RaceReadModel) private readonly races: RaceReadModel,
  ) {}

  onModuleInit(): void {
    this.descriptions.register('pool', (keys) => this.namePools(keys));
    this.descriptions.register('bets', (keys) => this.nameBets(keys));
  }

  private async namePools(keys: readonly string[]): Promise<Map<string, ReferenceName>> {
    const pools = await this.pools.typesAndRaces(keys.map(Number).filter(Number.isInteger));
    const races = await this.raceViews(pools);
    return new Map(pools.map((p) => [String(p.id), { what: p.bet_type, where: racesText(p.race_ids, races) }]));
  }

  private async nameBets(keys: readonly string[]): Promise<Map<string, ReferenceName>> {
    // A reference is cut at 200 characters (bet.service): a cut key's last id may be partial.
    const idsOf = (key: string) => {
      const ids = key.split(',').map(Number).filter(Number.isInteger);
      return key.length >= 200 - 'bets:'.length ? ids.slice(0, -1) : ids;
    };
    const bets = new Map((await this.bets.typesAndRaces(keys.flatMap(idsOf))).map((b) => [b.id, b]));
    const races = await this.raceViews([...bets.values()]);
    const names = new Map<string, ReferenceName>();
    for (const key of keys) {
      const group = idsOf(key).flatMap((id) => bets.get(id) ?? []);
      if (group.length === 0) continue;
      names.set(key, {
        what: [...new Set(group.map((b) => b.bet_type))].join(', '),
        where: racesText([...new Set(group.flatMap((b) => b.race_ids))], races),
      });
    }
    return names;
  }

  private raceViews(named: readonly Named[]): Promise<Map<number, RaceLegView>> {
    return this.races.legViews([...new Set(named.flatMap((n) => n.race_ids))]);
  }
}
