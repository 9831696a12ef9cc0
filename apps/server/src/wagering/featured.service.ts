import type { Featured, FeaturedPerformer } from '@furlong/contracts';
import {
  FEATURED_HOUR_MS,
  type FeaturedFour,
  featuredBonusCents,
  featuredHourStart,
  isFeaturedRunner,
  pickFeatured,
} from '@furlong/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { HOUSE, LedgerService } from '../accounts/ledger.service';
import { RacingClock, utcMidnight } from '../common/racing-clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RaceCardService } from '../racing/race-card.service';
import { type PostingRunnerRow, RaceReadModel } from '../racing/race-read-model';
import { BetRepository } from './bet.repository';
import { FeaturedRepository } from './featured.repository';

const DAY_MS = 86_400_000;

/** Thrown inside a bonus's transaction when another run recorded it first: rolls its transfer back. */
class AlreadyPaid extends Error {}

/**
 * The home page's featured bonus (spec §2): every hour (racing clock) a horse, a jockey, a trainer
 * and an owner from that day's runners, picked with the deployment's seed and kept once; a winning
 * Win bet placed while its runner had one of them earns a share of its payout (capped) from the house.
 */
@Injectable()
export class FeaturedService {
  private readonly logger = new Logger('Featured');
  private keptHourMs = -1;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RacingClock) private readonly clock: RacingClock,
    @Inject(RaceReadModel) private readonly races: RaceReadModel,
    @Inject(RaceCardService) private readonly cards: RaceCardService,
    @Inject(FeaturedRepository) private readonly repository: FeaturedRepository,
    @Inject(BetRepository) private readonly bets: BetRepository,
    @Inject(LedgerService) private readonly ledger: LedgerService,
  ) {}

  /** GET /api/featured: the hour's four, their races still to run today, the bonus terms. */
  async current(): Promise<Featured> {
    const nowMs = this.clock.nowMs();
    const since = featuredHourStart(nowMs);
    const dayStart = utcMidnight(since);
    const runners = await this.races.postingRunners(new Date(dayStart), new Date(dayStart + DAY_MS));
    const four = await this.pickOf(since, runners);
    return {
      since: new Date(since).toISOString(),
      until: new Date(since + FEATURED_HOUR_MS).toISOString(),
      server_time: new Date(nowMs).toISOString(),
      performers: four ? performers(four, runners, nowMs) : [],
      bonus: {
        share: this.config.wagering.featuredBonus.share,
        cap_cents: this.config.wagering.featuredBonus.capCents,
      },
    };
  }

  /**
   * Keeps the hour's four as the hour begins (the tote's tick asks every few seconds; once kept,
   * this instance asks no more that hour), so a bet placed in an hour nobody opened the home page
   * still counts for the bonus. Nothing when no race runs today.
   */
  async keepThisHour(): Promise<void> {
    const since = featuredHourStart(this.clock.nowMs());
    if (since === this.keptHourMs) return;
    const dayStart = utcMidnight(since);
    const runners = await this.races.postingRunners(new Date(dayStart), new Date(dayStart + DAY_MS));
    if (await this.pickOf(since, runners)) this.keptHourMs = since;
  }

  /** The hour's four as kept, made now from the day's runners when nobody asked for them yet. */
  private async pickOf(hourStartMs: number, runners: readonly PostingRunnerRow[]): Promise<FeaturedFour | undefined> {
    const kept = (await this.repository.picks([new Date(hourStartMs)])).get(hourStartMs);
    if (kept) return kept;
    const four = pickFeatured(runners, this.config.seed.value, hourStartMs);
    return four ? this.repository.keepPick(new Date(hourStartMs), four) : undefined;
  }

  /**
   * Pays the bonus on the race's winning Win bets placed while their runner was featured, each in
   * its own transaction with its record, so a second run (or a concurrent one) pays nothing more.
   * Returns the bets paid by this run.
   */
  async payRace(raceId: number): Promise<number> {
    const winId = await this.bets.betTypeId('Win');
    if (winId === undefined) return 0;
    const winners = await this.repository.unpaidWinners(raceId, winId);
    if (winners.length === 0) return 0;
    const hourOf = (bet: { bet_date: Date }) =>
      featuredHourStart(this.clock.toRacing(new Date(bet.bet_date).getTime()));
    const picks = await this.repository.picks([...new Set(winners.map(hourOf))].map((ms) => new Date(ms)));
    const field = await this.cards.entries(raceId);
    const terms = {
      share: this.config.wagering.featuredBonus.share,
      cap_cents: this.config.wagering.featuredBonus.capCents,
    };
    let paid = 0;
    for (const bet of winners) {
      const four = picks.get(hourOf(bet));
      const runner = field.find((r) => r.post_position === bet.post_position);
      if (!four || !runner || !isFeaturedRunner(runner, four)) continue;
      const amount = featuredBonusCents(bet.payout_cents, terms);
      if (amount <= 0) continue;
      try {
        await this.repository.transaction(async (manager) => {
          const transfer = await this.ledger.transfer(manager, {
            from: HOUSE,
            to: { userId: bet.user_id },
            amount_cents: amount,
            reason: 'featured_bonus',
            reference: `bets:${bet.id}`,
          });
          const recorded = await this.repository.record(manager, {
            bet_id: bet.id,
            user_id: bet.user_id,
            amount_cents: amount,
            transfer_id: transfer.transfer_id,
          });
          if (!recorded) throw new AlreadyPaid();
        });
        paid++;
      } catch (err) {
        if (!(err instanceof AlreadyPaid)) throw err;
        this.logger.debug(`featured bonus of bet ${bet.id} already paid`);
      }
    }
    return paid;
  }
}

/** The four as the home page shows them, with their races still to come today. */
function performers(four: FeaturedFour, runners: readonly PostingRunnerRow[], nowMs: number): FeaturedPerformer[] {
  const roles = [
    {
      role: 'horse',
      id: four.horse_id,
      of: (r: PostingRunnerRow) => (r.horse_id === four.horse_id ? r.horse_name : null),
    },
    {
      role: 'jockey',
      id: four.jockey_id,
      of: (r: PostingRunnerRow) => (r.jockey_id === four.jockey_id ? r.jockey_name : null),
    },
    {
      role: 'trainer',
      id: four.trainer_id,
      of: (r: PostingRunnerRow) => (r.trainer_id === four.trainer_id ? r.trainer_name : null),
    },
    {
      role: 'owner',
      id: four.owner_id,
      of: (r: PostingRunnerRow) => (r.owner_id === four.owner_id ? r.owner_name : null),
    },
  ] as const;
  const out: FeaturedPerformer[] = [];
  for (const { role, id, of } of roles) {
    if (id === null) continue;
    const theirs = runners.filter((r) => of(r) !== null);
    const name = theirs.map(of).find((n) => n !== null);
    if (!name) continue;
    out.push({
      role,
      id,
      name,
      runs: theirs
        .filter((r) => new Date(r.post_time).getTime() > nowMs)
        .map((r) => ({
          current_race_id: r.current_race_id,
          race_number: r.race_number,
          track_name: r.track_name,
          post_time: new Date(r.post_time).toISOString(),
          post_position: r.post_position,
          horse_name: r.horse_name,
        })),
    });
  }
  return out;
}
