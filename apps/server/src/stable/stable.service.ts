import type {
  BreedBody,
  Breeding,
  CareResult,
  CreateHorseBody,
  EnterableRace,
  EquipmentBody,
  StableDashboard,
  StableEntry,
  StableHorse,
  StableNotice,
} from '@furlong/contracts';
import {
  ageInYears,
  canBreed,
  drawAbility,
  effectiveRating,
  fitToRace,
  formatMoney,
  GEAR_COST_CENTS,
  GESTATION_HOURS,
  type GearItem,
  type HorseCondition,
  inheritAbility,
  type MedicalTreatment,
  NEW_HORSE_CONDITION,
  RACING_AGE_MIN,
  recover,
  SHOE_COST_CENTS,
  type ShoeType,
  TRAINING_FATIGUE_MAX,
  type TrainingRegimen,
  train,
  treat,
} from '@furlong/domain';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { HOUSE, LedgerService } from '../accounts/ledger.service';
import type { AuthenticatedUser } from '../accounts/session-auth';
import { EMPTY_RECORD, HorseRegistry, type HorseView } from '../catalog/horse-registry';
import { InvalidRequestException, notFound, refusal } from '../common/api-error';
import { RacingClock } from '../common/racing-clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RaceEntries } from '../racing/race-entries.service';
import { type EntryRow, type StableHorseState, StableRepository } from './stable.repository';

const HOUR_MS = 3_600_000;

function notYours(id: number): NotFoundException {
  return new NotFoundException({ statusCode: 404, error: 'Not Found', message: `Horse ${id} is not in your stable` });
}

/** A horse to register: the create form's fields (or a foal's), with its drawn or inherited ability. */
type NewStableHorse = Omit<CreateHorseBody, 'color'> & { color: string; ability: StableHorseState['ability'] };

/**
 * The stable's use cases: horses created with a drawn ability, looked after (training, medical,
 * equipment) and bred, entered in live races for a fee, and paid their purses. Every cost and
 * purse is a ledger transfer in the same transaction as the change it pays for. The racing clock
 * decides every time (condition, deadlines, gestation).
 */
@Injectable()
export class StableService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(StableRepository) private readonly repository: StableRepository,
    @Inject(HorseRegistry) private readonly registry: HorseRegistry,
    @Inject(RaceEntries) private readonly entries: RaceEntries,
    @Inject(LedgerService) private readonly ledger: LedgerService,
    @Inject(RacingClock) private readonly clock: RacingClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private today(): string {
    return this.clock.now().toISOString().slice(0, 10);
  }

  /** Which of these horses are users' horses: horse id → the user whose stable it is in. */
  async keepers(horseIds: readonly number[]): Promise<Map<number, number>> {
    const horses = await this.repository.horses(horseIds);
    return new Map(horses.map((h) => [h.horse_id, h.user_id]));
  }

  /** The condition brought forward to now (fatigue recovers with racing time). */
  conditionNow(s: StableHorseState, nowMs = this.clock.nowMs()): HorseCondition {
    const hours = Math.max(0, (nowMs - s.condition_at.getTime()) / HOUR_MS);
    return recover(s.condition, hours);
  }

  // --- reading ---------------------------------------------------------------------------------

  async dashboard(user: AuthenticatedUser): Promise<StableDashboard> {
    await this.birthsDue();
    const [states, entryRows, money, notices, createdToday] = await Promise.all([
      this.repository.horsesOf(user.userId),
      this.repository.entriesOf(user.userId),
      this.repository.money(user.userId),
      this.repository.notices(user.userId),
      this.repository.countCreatedSince(this.dataSource, user.userId, new Date(Date.now() - 24 * HOUR_MS)),
    ]);
    const horses = await this.horseViews(states);
    const entries = await this.entryViews(entryRows);
    return {
      horses,
      entries,
      money,
      notices: notices.map(
        (n): StableNotice => ({
          id: n.id,
          kind: n.kind as StableNotice['kind'],
          message: n.message,
          current_race_id: n.current_race_id,
          at: new Date(n.created_at).toISOString(),
        }),
      ),
      limits: {
        horses_max: this.config.stable.horsesMax,
        created_per_day_max: this.config.stable.createdPerDayMax,
        created_today: createdToday,
      },
      fees: { entry_fee_cents: this.config.stable.entryFeeCents },
    };
  }

  async horse(user: AuthenticatedUser, id: number): Promise<StableHorse> {
    const [state] = await this.repository.horses([id]);
    if (!state || state.user_id !== user.userId) throw notYours(id);
    const [view] = await this.horseViews([state]);
    if (!view) throw notYours(id);
    return view;
  }

  private async horseViews(states: readonly StableHorseState[]): Promise<StableHorse[]> {
    if (states.length === 0) return [];
    const ids = states.map((s) => s.horse_id);
    const [views, records, inFoal, active] = await Promise.all([
      this.registry.views(ids),
      this.registry.records(ids),
      this.repository.inFoal(this.dataSource, ids),
      this.repository.activeEntriesOf(ids),
    ]);
    const entryViews = new Map((await this.entryViews(active)).map((e) => [e.horse_id, e]));
    const nowMs = this.clock.nowMs();
    return states.flatMap((s) => {
      const v = views.get(s.horse_id);
      if (!v) return [];
      return [
        this.horseView(
          s,
          v,
          records.get(s.horse_id) ?? EMPTY_RECORD,
          entryViews.get(s.horse_id) ?? null,
          inFoal.get(s.horse_id) ?? null,
          nowMs,
        ),
      ];
    });
  }

  private horseView(
    s: StableHorseState,
    v: HorseView,
    record: typeof EMPTY_RECORD,
    next: StableEntry | null,
    inFoalUntil: Date | null,
    nowMs: number,
  ): StableHorse {
    const condition = this.conditionNow(s, nowMs);
    const fit = fitToRace(condition);
    const rating = effectiveRating({
      ability: s.ability,
      condition,
      shoe: s.shoe as ShoeType,
      gear: s.gear as GearItem[],
      surface: 'Dirt',
      condition_name: 'Fast',
    });
    const dob = v.dob;
    const racesFrom = `${Number(dob.slice(0, 4)) + RACING_AGE_MIN}${dob.slice(4)}`;
    return {
      id: s.horse_id,
      horse_name: v.horse_name,
      breed_name: v.breed_name,
      color: v.color,
      dob,
      age: this.ageOf(dob),
      gender: v.gender,
      height_hands: v.height_hands === null ? null : Number(v.height_hands),
      weight_lbs: v.weight_lbs,
      sire: v.sire,
      dam: v.dam,
      breeder: v.breeder,
      jockey: v.jockey,
      trainer: v.trainer,
      owner: v.owner ?? '',
      rating: Math.round(rating.speed_figure * 10) / 10,
      condition: {
        fatigue: Math.round(condition.fatigue * 10) / 10,
        fitness: Math.round(condition.fitness * 10) / 10,
        speed_gain: Math.round(condition.speed_gain * 100) / 100,
        stamina_gain: Math.round(condition.stamina_gain * 1000) / 1000,
        early_speed_gain: Math.round(condition.early_speed_gain * 1000) / 1000,
        fit_to_race: fit.ok,
        unfit_reason: fit.ok ? null : fit.reason,
      },
      shoe: s.shoe as ShoeType,
      gear: s.gear as GearItem[],
      stud_fee_cents: s.stud_fee_cents,
      record: {
        ...record,
        earnings_cents: Number(record.earnings_cents),
        highest_earning_cents: Number(record.highest_earning_cents),
      },
      next_entry: next,
      in_foal_until: inFoalUntil?.toISOString() ?? null,
      on_sale: s.on_sale,
      can_race_from: racesFrom,
      created_at: s.created_at.toISOString(),
    };
  }

  private async entryViews(rows: readonly EntryRow[]): Promise<StableEntry[]> {
    if (rows.length === 0) return [];
    const [races, names] = await Promise.all([
      this.entries.briefs(rows.map((r) => r.current_race_id)),
      this.registry.names(
        'horses',
        rows.map((r) => r.horse_id),
      ),
    ]);
    return rows.flatMap((r) => {
      const race = races.get(r.current_race_id);
      if (!race) return [];
      return [
        {
          id: r.id,
          horse_id: r.horse_id,
          horse_name: names.get(r.horse_id) ?? `Horse ${r.horse_id}`,
          current_race_id: r.current_race_id,
          track_name: race.track_name,
          race_number: race.race_number,
          post_time: race.post_time.toISOString(),
          post_position: r.post_position,
          race_status: race.status,
          fee_cents: r.fee_cents,
          finish_position: r.finish_position,
          purse_cents: r.purse_cents === null ? null : Number(r.purse_cents),
          refunded: r.refunded_at !== null,
          entered_at: new Date(r.created_at).toISOString(),
        },
      ];
    });
  }

  // --- creating --------------------------------------------------------------------------------

  async createHorse(user: AuthenticatedUser, body: CreateHorseBody): Promise<StableHorse> {
    if (body.dob > this.today()) {
      throw new InvalidRequestException([{ field: 'dob', reason: 'must not be later than today' }]);
    }
    const { stable } = this.config;
    const horse = await this.dataSource.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`stable:user:${user.userId}`]);
      if ((await this.repository.countOwned(m, user.userId)) >= stable.horsesMax) {
        throw refusal(`Your stable is full: at most ${stable.horsesMax} horses.`, 'stable_full');
      }
      const since = new Date(Date.now() - 24 * HOUR_MS);
      if ((await this.repository.countCreatedSince(m, user.userId, since)) >= stable.createdPerDayMax) {
        throw refusal(`You can create at most ${stable.createdPerDayMax} horses a day.`, 'created_per_day');
      }
      await this.registry.checkReferences(m, body);
      const breed = (await this.registry.names('breeds', [body.breed_id], m)).get(body.breed_id) ?? '';
      const id = await this.register(m, user, {
        ...body,
        ability: drawAbility(`stable:horse:${body.horse_name.toLowerCase()}:${this.config.seed.value}`, breed),
      });
      const [state] = await this.repository.horses([id], m);
      if (!state) throw new Error('horse not kept');
      return state;
    });
    const [view] = await this.horseViews([horse]);
    if (!view) throw new Error('horse not shown');
    return view;
  }

  // --- the auction's part ------------------------------------------------------------------------

  /**
   * A user's horse locked for consigning to a sale, in the caller's transaction: 404 unless the
   * user owns it, 409 while it is entered in a race.
   */
  async lockForSale(m: EntityManager, userId: number, horseId: number): Promise<StableHorseState> {
    const state = await this.repository.lockHorse(m, horseId, userId);
    if (!state) throw notYours(horseId);
    if ((await this.repository.activeEntriesOf([horseId], m)).length > 0) {
      throw refusal('The horse is entered in a race: withdraw it before consigning it.', 'entered');
    }
    await this.repository.setOnSale(m, horseId, true);
    return state;
  }

  /** The sale ended without selling the horse (RNA or no bids): it may race again. */
  async endSale(m: EntityManager, horseId: number): Promise<void> {
    await this.repository.setOnSale(m, horseId, false);
  }

  /**
   * The fall of the hammer, in the caller's transaction: the horse moves to the buyer's stable. A
   * house horse joins a stable for the first time, its ability drawn from its breed as a created
   * horse's is; a user's horse keeps its ability and condition.
   */
  async transferOwnership(m: EntityManager, horseId: number, buyer: { userId: number; username: string }) {
    await this.registry.changeOwner(m, horseId, buyer);
    const [held] = await this.repository.horses([horseId], m);
    if (held) {
      await this.repository.changeOwner(m, horseId, buyer.userId);
      return;
    }
    const view = (await this.registry.views([horseId], m)).get(horseId);
    if (!view) throw notFound('Horse', horseId);
    await this.repository.insertHorse(m, {
      horse_id: horseId,
      user_id: buyer.userId,
      ability: drawAbility(`auction:horse:${horseId}:${this.config.seed.value}`, view.breed_name),
      condition: { ...NEW_HORSE_CONDITION },
      condition_at: this.clock.now(),
      shoe: 'regular',
      gear: [],
    });
  }

  /** Registers a horse in the catalog and the stable, inside the caller's transaction. */
  private async register(
    m: EntityManager,
    user: { userId: number; username: string },
    h: NewStableHorse,
  ): Promise<number> {
    const [jockey] = h.jockey_id ? [h.jockey_id] : await this.registry.randomIds('jockeys', 1, m);
    const [trainer] = h.trainer_id ? [h.trainer_id] : await this.registry.randomIds('trainers', 1, m);
    if (jockey === undefined || trainer === undefined)
      throw refusal('The catalog has no jockeys or trainers yet.', 'no_staff');
    const owner = h.owner_id ?? (await this.registry.ownerForUser(m, user.userId, user.username));
    const id = await this.registry.register(m, {
      horse_name: h.horse_name,
      breed_id: h.breed_id,
      color: h.color,
      dob: h.dob,
      age: this.ageOf(h.dob),
      gender: h.gender,
      height_hands: h.height_hands,
      weight_lbs: h.weight_lbs,
      sire: h.sire,
      dam: h.dam,
      breeder: h.breeder,
      jockey_id: jockey,
      trainer_id: trainer,
      owner_id: owner,
      user_id: user.userId,
    });
    await this.repository.insertHorse(m, {
      horse_id: id,
      user_id: user.userId,
      ability: h.ability,
      condition: { ...NEW_HORSE_CONDITION },
      condition_at: this.clock.now(),
      shoe: 'regular',
      gear: [],
    });
    return id;
  }

  // --- entering --------------------------------------------------------------------------------

  async enterable(trackId?: number): Promise<{ items: EnterableRace[]; entry_fee_cents: number }> {
    const rows = await this.entries.enterable(trackId);
    return {
      items: rows.map((r) => ({
        ...r,
        post_time: r.post_time.toISOString(),
        entries_close_at: r.entries_close_at.toISOString(),
        furlongs: Number(r.furlongs),
        purse_cents: Number(r.purse_cents),
        free_slots: 12 - r.runners,
      })),
      entry_fee_cents: this.config.stable.entryFeeCents,
    };
  }

  async enter(
    user: AuthenticatedUser,
    horseId: number,
    raceId: number,
  ): Promise<{ entry: StableEntry; balance_cents: number }> {
    const fee = this.config.stable.entryFeeCents;
    const { row, balance } = await this.dataSource.transaction(async (m) => {
      const state = await this.repository.lockHorse(m, horseId, user.userId);
      if (!state) throw notYours(horseId);
      const [view] = (await this.registry.views([horseId], m)).values();
      if (!view) throw notYours(horseId);
      if (state.on_sale) {
        throw refusal(`${view.horse_name} is in an auction sale: it races again once the sale is over.`, 'in_sale');
      }
      if (this.ageOf(view.dob) < RACING_AGE_MIN) {
        throw refusal(`${view.horse_name} is too young: horses race from age ${RACING_AGE_MIN}.`, 'too_young');
      }
      const fit = fitToRace(this.conditionNow(state));
      if (!fit.ok) throw refusal(`${view.horse_name} is not fit to race: ${fit.reason}.`, 'unfit');
      if ((await this.repository.inFoal(m, [horseId])).size > 0) {
        throw refusal(`${view.horse_name} is in foal and does not race.`, 'in_foal');
      }
      const active = await this.repository.activeEntryOf(m, horseId);
      if (active)
        throw refusal(`${view.horse_name} is already entered in a race: one race at a time.`, 'already_entered');
      const jockey = view.jockey_id ?? (await this.registry.randomIds('jockeys', 1, m))[0];
      if (jockey === undefined) throw refusal('No jockey is free to ride.', 'no_jockey');
      const placed = await this.entries.enter(m, { race_id: raceId, horse_id: horseId, jockey_id: jockey });
      const row = await this.repository.insertEntry(m, {
        horse_id: horseId,
        user_id: user.userId,
        current_race_id: raceId,
        post_position: placed.post_position,
        fee_cents: fee,
      });
      let balance = 0;
      if (fee > 0) {
        const moved = await this.ledger.transfer(m, {
          from: { userId: user.userId },
          to: HOUSE,
          amount_cents: fee,
          reason: 'stable_entry_fee',
          reference: `stable_entry:${row.id}`,
        });
        balance = moved.from_balance_cents;
      }
      await this.repository.notify(m, {
        user_id: user.userId,
        kind: 'entered',
        message: `${view.horse_name} is entered in race ${placed.race.race_number} at ${placed.race.track_name} from post ${placed.post_position}.`,
        current_race_id: raceId,
        dedupe_key: `entered:${row.id}`,
      });
      return { row, balance };
    });
    const [entry] = await this.entryViews([row]);
    if (!entry) throw new Error('entry not shown');
    return { entry, balance_cents: balance };
  }

  /**
   * Takes an entry back before betting opens (the owner's choice, or the vet's): the runner leaves
   * the field, the fee is refunded, the owner told; all in one transaction, once.
   */
  async withdraw(user: AuthenticatedUser, entryId: number): Promise<{ entry: StableEntry; balance_cents: number }> {
    const row = await this.dataSource.transaction(async (m) => {
      const entry = await this.repository.lockEntry(m, entryId, user.userId);
      if (!entry) {
        throw new NotFoundException({ statusCode: 404, error: 'Not Found', message: `Entry ${entryId} is not yours` });
      }
      if (!entry.active) throw refusal('This entry has ended already.', 'entry_ended');
      const names = await this.registry.names('horses', [entry.horse_id], m);
      await this.withdrawIn(m, entry, `${names.get(entry.horse_id) ?? 'Your horse'} was withdrawn`);
      return entry;
    });
    const [entry] = await this.entryViews([{ ...row, active: false, refunded_at: this.clock.now() }]);
    if (!entry) throw new Error('entry not shown');
    return { entry, balance_cents: await this.ledger.balanceOfUser(user.userId) };
  }

  /** withdraw's work in the caller's transaction (the entry locked and active); false if it had ended. */
  async withdrawIn(m: EntityManager, entry: EntryRow, why: string): Promise<boolean> {
    const race = await this.entries.withdraw(m, { race_id: entry.current_race_id, horse_id: entry.horse_id });
    return this.refundEntry(
      m,
      entry,
      `${why} from race ${race.race_number} at ${race.track_name}: the entry fee of ${formatMoney(entry.fee_cents)} is refunded.`,
    );
  }

  /**
   * Ends an entry with its fee refunded (a withdrawal, a cancelled race, a scratch) and tells the
   * owner, in the caller's transaction; once: false when the entry had ended already.
   */
  async refundEntry(m: EntityManager, entry: EntryRow, message: string): Promise<boolean> {
    if (
      !(await this.repository.endEntry(m, entry.id, {
        finish_position: null,
        purse_cents: null,
        refunded_at: this.clock.now(),
      }))
    ) {
      return false;
    }
    if (entry.fee_cents > 0) {
      await this.ledger.transfer(m, {
        from: HOUSE,
        to: { userId: entry.user_id },
        amount_cents: entry.fee_cents,
        reason: 'stable_entry_refund',
        reference: `stable_entry:${entry.id}`,
      });
    }
    await this.repository.notify(m, {
      user_id: entry.user_id,
      kind: 'refund',
      message,
      current_race_id: entry.current_race_id,
      dedupe_key: `refund:${entry.id}`,
    });
    return true;
  }

  // --- care ------------------------------------------------------------------------------------

  /** Runs a change of a horse's care in a transaction: the horse locked, brought to now, paid for. */
  private async care(
    user: AuthenticatedUser,
    horseId: number,
    change: (
      state: StableHorseState,
      condition: HorseCondition,
      m: EntityManager,
    ) => Promise<{ condition?: HorseCondition; cost_cents: number; kind: string; detail: string; message: string }>,
  ): Promise<CareResult> {
    const result = await this.dataSource.transaction(async (m) => {
      const state = await this.repository.lockHorse(m, horseId, user.userId);
      if (!state) throw notYours(horseId);
      const now = this.clock.now();
      const before = this.conditionNow(state, now.getTime());
      const done = await change(state, before, m);
      await this.repository.saveCondition(m, horseId, done.condition ?? before, now);
      let balance = 0;
      if (done.cost_cents > 0) {
        const moved = await this.ledger.transfer(m, {
          from: { userId: user.userId },
          to: HOUSE,
          amount_cents: done.cost_cents,
          reason: `stable_${done.kind}`,
          reference: `stable_horse:${horseId}`,
        });
        balance = moved.from_balance_cents;
        await this.repository.logCare(m, {
          horse_id: horseId,
          user_id: user.userId,
          kind: done.kind,
          detail: done.detail,
          amount_cents: -done.cost_cents,
        });
      } else {
        await this.repository.logCare(m, {
          horse_id: horseId,
          user_id: user.userId,
          kind: done.kind,
          detail: done.detail,
          amount_cents: 0,
        });
      }
      return { message: done.message, cost_cents: done.cost_cents, balance };
    });
    const horse = await this.horse(user, horseId);
    const balance = result.cost_cents > 0 ? result.balance : await this.ledger.balanceOfUser(user.userId);
    return { horse, cost_cents: result.cost_cents, balance_cents: balance, message: result.message };
  }

  /** 409 while the horse's race has opened (its ratings are fixed with the seed) until it has run. */
  private async notWhileRacing(m: EntityManager, horseId: number, what: string): Promise<void> {
    const active = await this.repository.activeEntryOf(m, horseId);
    if (!active) return;
    const race = (await this.entries.briefs([active.current_race_id], m)).get(active.current_race_id);
    if (race && race.status !== 'scheduled') {
      throw refusal(
        `No ${what} while the horse's race is ${race.status}: its ratings are fixed until it has run.`,
        'racing',
      );
    }
  }

  trainHorse(user: AuthenticatedUser, horseId: number, regimen: TrainingRegimen): Promise<CareResult> {
    return this.care(user, horseId, async (_s, condition, m) => {
      await this.notWhileRacing(m, horseId, 'training');
      if (condition.fatigue > TRAINING_FATIGUE_MAX) {
        throw refusal(
          `Too tired to train (fatigue ${condition.fatigue.toFixed(0)}, at most ${TRAINING_FATIGUE_MAX}): rest the horse first.`,
          'too_tired',
        );
      }
      const out = train(condition, regimen);
      const unit = regimen === 'speed' ? 'speed-figure points' : regimen === 'stamina' ? 'stamina' : 'early speed';
      return {
        condition: out.condition,
        cost_cents: out.cost_cents,
        kind: 'training',
        detail: regimen,
        message: `A ${regimen} session: +${out.gain.toFixed(regimen === 'speed' ? 2 : 3)} ${unit}, fatigue now ${out.condition.fatigue.toFixed(0)}.`,
      };
    });
  }

  treatHorse(user: AuthenticatedUser, horseId: number, treatment: MedicalTreatment): Promise<CareResult> {
    return this.care(user, horseId, async (_s, condition) => {
      const out = treat(condition, treatment);
      return {
        condition: out.condition,
        cost_cents: out.cost_cents,
        kind: 'medical',
        detail: treatment,
        message: `${treatment.replace('_', ' ')}: fatigue ${out.condition.fatigue.toFixed(0)}, fitness ${out.condition.fitness.toFixed(0)}.`,
      };
    });
  }

  equip(user: AuthenticatedUser, horseId: number, body: EquipmentBody): Promise<CareResult> {
    return this.care(user, horseId, async (s, _c, m) => {
      await this.notWhileRacing(m, horseId, 'change of equipment');
      const newShoe = body.shoe !== s.shoe ? SHOE_COST_CENTS[body.shoe] : 0;
      const added = body.gear.filter((g) => !s.gear.includes(g));
      const cost = newShoe + added.reduce((sum, g) => sum + GEAR_COST_CENTS[g], 0);
      await this.repository.saveEquipment(m, horseId, body.shoe, body.gear);
      return {
        cost_cents: cost,
        kind: 'equipment',
        detail: `${body.shoe}; ${body.gear.join(', ') || 'no gear'}`,
        message: `Shoes: ${body.shoe.replace('_', ' ')}; gear: ${body.gear.map((g) => g.replace('_', ' ')).join(', ') || 'none'}${cost > 0 ? ` (${formatMoney(cost)})` : ''}.`,
      };
    });
  }

  async stud(user: AuthenticatedUser, horseId: number, fee: number | null): Promise<StableHorse> {
    await this.dataSource.transaction(async (m) => {
      const state = await this.repository.lockHorse(m, horseId, user.userId);
      if (!state) throw notYours(horseId);
      const [view] = (await this.registry.views([horseId], m)).values();
      if (fee !== null && view) {
        const verdict = canBreed({ gender: view.gender, age: this.ageOf(view.dob) }, { gender: 'female', age: 5 });
        if (!verdict.ok) throw refusal(`${view.horse_name} cannot stand at stud: ${verdict.reason}.`, 'cannot_breed');
      }
      await this.repository.saveStudFee(m, horseId, fee);
    });
    return this.horse(user, horseId);
  }

  private ageOf(dob: string): number {
    // A foal born today on the racing clock may carry tomorrow's date in another time zone: age 0.
    const today = this.today();
    return today < dob ? 0 : ageInYears(dob, today);
  }

  // --- breeding --------------------------------------------------------------------------------

  async breedings(user: AuthenticatedUser) {
    await this.birthsDue();
    const [rows, studs] = await Promise.all([this.repository.breedingsOf(user.userId), this.repository.studs()]);
    const names = await this.registry.names('horses', [
      ...rows.flatMap((r) => [r.sire_id, r.dam_id]),
      ...studs.map((s) => s.horse_id),
    ]);
    const studViews = await this.registry.views(studs.map((s) => s.horse_id));
    return {
      breedings: rows.map((r) => this.breedingView(r, names)),
      studs: studs.flatMap((s) => {
        const v = studViews.get(s.horse_id);
        if (!v || s.stud_fee_cents === null) return [];
        return [
          {
            horse_id: s.horse_id,
            horse_name: v.horse_name,
            breed_name: v.breed_name,
            age: this.ageOf(v.dob),
            fee_cents: s.stud_fee_cents,
            owner_is_you: s.user_id === user.userId,
            rating: Math.round(s.ability.speed * 10) / 10,
          },
        ];
      }),
      gestation_hours: GESTATION_HOURS,
    };
  }

  private breedingView(
    r: {
      id: number;
      sire_id: number;
      dam_id: number;
      foal_name: string;
      fee_cents: number;
      due_at: Date;
      foal_id: number | null;
      created_at: Date;
    },
    names: Map<number, string>,
  ): Breeding {
    return {
      id: r.id,
      sire_id: r.sire_id,
      sire_name: names.get(r.sire_id) ?? `Horse ${r.sire_id}`,
      dam_id: r.dam_id,
      dam_name: names.get(r.dam_id) ?? `Horse ${r.dam_id}`,
      foal_name: r.foal_name,
      fee_cents: r.fee_cents,
      due_at: new Date(r.due_at).toISOString(),
      foal_id: r.foal_id,
      created_at: new Date(r.created_at).toISOString(),
    };
  }

  async breed(user: AuthenticatedUser, body: BreedBody): Promise<{ breeding: Breeding; balance_cents: number }> {
    const out = await this.dataSource.transaction(async (m) => {
      const dam = await this.repository.lockHorse(m, body.dam_id, user.userId);
      if (!dam) throw notYours(body.dam_id);
      const [sire] = await this.repository.horses([body.sire_id], m);
      if (!sire || (sire.user_id !== user.userId && sire.stud_fee_cents === null)) {
        throw new NotFoundException({
          statusCode: 404,
          error: 'Not Found',
          message: `Horse ${body.sire_id} is neither your stallion nor one standing at stud`,
        });
      }
      const views = await this.registry.views([body.sire_id, body.dam_id], m);
      const sv = views.get(body.sire_id);
      const dv = views.get(body.dam_id);
      if (!sv || !dv) throw notYours(body.dam_id);
      const verdict = canBreed(
        { gender: sv.gender, age: this.ageOf(sv.dob) },
        { gender: dv.gender, age: this.ageOf(dv.dob) },
      );
      if (!verdict.ok) throw refusal(`These two cannot breed: ${verdict.reason}.`, 'cannot_breed');
      if ((await this.repository.inFoal(m, [body.dam_id])).size > 0)
        throw refusal(`${dv.horse_name} is already in foal.`, 'in_foal');
      if ((await this.repository.activeEntryOf(m, body.dam_id)) !== undefined) {
        throw refusal(`${dv.horse_name} is entered in a race: breed her after it.`, 'entered');
      }
      if (
        (await this.registry.nameTaken(m, body.foal_name)) ||
        (await this.repository.foalNameTaken(m, body.foal_name))
      ) {
        throw refusal(
          `A horse named ${body.foal_name} already exists or is expected: choose another name.`,
          'name_taken',
        );
      }
      const paid = sire.user_id !== user.userId ? (sire.stud_fee_cents ?? 0) : 0;
      const breeding = await this.repository.insertBreeding(m, {
        user_id: user.userId,
        sire_id: body.sire_id,
        dam_id: body.dam_id,
        foal_name: body.foal_name,
        fee_cents: paid,
        stud_owner_id: paid > 0 ? sire.user_id : null,
        due_at: new Date(this.clock.nowMs() + GESTATION_HOURS * HOUR_MS),
      });
      let balance: number | null = null;
      if (paid > 0) {
        const moved = await this.ledger.transfer(m, {
          from: { userId: user.userId },
          to: { userId: sire.user_id },
          amount_cents: paid,
          reason: 'stable_stud_fee',
          reference: `stable_breeding:${breeding.id}`,
        });
        balance = moved.from_balance_cents;
        await this.repository.logCare(m, {
          horse_id: body.dam_id,
          user_id: user.userId,
          kind: 'stud_fee_paid',
          detail: sv.horse_name,
          amount_cents: -paid,
        });
        await this.repository.logCare(m, {
          horse_id: body.sire_id,
          user_id: sire.user_id,
          kind: 'stud_fee_received',
          detail: dv.horse_name,
          amount_cents: paid,
        });
        await this.repository.notify(m, {
          user_id: sire.user_id,
          kind: 'stud_fee',
          message: `${sv.horse_name} covered ${dv.horse_name}: a stud fee of ${formatMoney(paid)} was paid to you.`,
          current_race_id: null,
          dedupe_key: `stud_fee:${breeding.id}`,
        });
      }
      return {
        breeding: this.breedingView(
          breeding,
          new Map([
            [sire.horse_id, sv.horse_name],
            [dam.horse_id, dv.horse_name],
          ]),
        ),
        balance,
      };
    });
    return { breeding: out.breeding, balance_cents: out.balance ?? (await this.ledger.balanceOfUser(user.userId)) };
  }

  /** Foals due are born: a horse registered with the inherited ability, once (rows locked, SKIP LOCKED). */
  async birthsDue(): Promise<number> {
    // Most sweeps and reads find no foal due: one read, no transaction.
    if (!(await this.repository.anyBreedingDue(this.clock.now()))) return 0;
    return this.dataSource.transaction(async (m) => {
      const due = await this.repository.lockDueBreedings(m, this.clock.now());
      for (const b of due) {
        const [sire, dam] = await this.repository
          .horses([b.sire_id, b.dam_id], m)
          .then((rows) => [rows.find((r) => r.horse_id === b.sire_id), rows.find((r) => r.horse_id === b.dam_id)]);
        const views = await this.registry.views([b.sire_id, b.dam_id], m);
        const dv = views.get(b.dam_id);
        const sv = views.get(b.sire_id);
        if (!sire || !dam || !dv || !sv) continue;
        const born = new Date(b.due_at);
        const gender = (b.id + b.dam_id) % 2 === 0 ? 'female' : 'male';
        // The foal runs in the colours of its dam's owner, and is bred by them.
        const id = await this.register(
          m,
          { userId: b.user_id, username: dv.owner ?? `user ${b.user_id}` },
          {
            horse_name: b.foal_name,
            breed_id: dv.breed_id,
            color: dv.color ?? 'bay',
            dob: born.toISOString().slice(0, 10),
            gender,
            height_hands:
              dv.height_hands === null ? 16 : Math.min(18, Math.max(14, Math.round(Number(dv.height_hands)))),
            weight_lbs: dv.weight_lbs ?? 1000,
            sire: sv.horse_name,
            dam: dv.horse_name,
            breeder: dv.owner ?? 'Furlong',
            jockey_id: null,
            trainer_id: null,
            owner_id: dv.owner_id,
            ability: inheritAbility(
              `stable:foal:${b.id}:${this.config.seed.value}`,
              sire.ability,
              dam.ability,
              dv.breed_name,
            ),
          },
        );
        await this.repository.setFoal(m, b.id, id);
        await this.repository.notify(m, {
          user_id: b.user_id,
          kind: 'foal',
          message: `${dv.horse_name} foaled: ${b.foal_name}, a ${gender === 'male' ? 'colt' : 'filly'} by ${sv.horse_name}. Foals race from age ${RACING_AGE_MIN}.`,
          current_race_id: null,
          dedupe_key: `foal:${b.id}`,
        });
      }
      return due.length;
    });
  }
}
