import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { CurrentRace } from '../../racing/entities/current-race.entity';

export const POOL_STATES = ['open', 'frozen', 'settled', 'refunded'] as const;
export type PoolState = (typeof POOL_STATES)[number];

/**
 * One pari-mutuel pool: per race and bet type, or per sequence (Daily Double, Pick N) keyed by its
 * first race. The money per interest is in wager_pool_interests; the pool's money sits in the
 * ledger account `code`. open → frozen at the close (the board settlement pays from) → settled
 * (or refunded) exactly once, by conditional UPDATEs.
 */
@Entity('wager_pools')
@Check('ck_wager_pools_state', "state IN ('open', 'frozen', 'settled', 'refunded')")
@Check(
  'ck_wager_pools_gross',
  'gross_cents >= 0 AND seed_cents >= 0 AND carryover_cents >= 0 AND carried_over_cents >= 0',
)
@Index('ux_wager_pools_race_type', ['current_race_id', 'bet_type'], { unique: true })
@Index('ix_wager_pools_last_race_state', ['last_race_id', 'state'])
export class WagerPool {
  @PrimaryGeneratedColumn()
  id: number;

  /** The first (or only) race of the pool. */
  @Column({ type: 'int' })
  current_race_id: number;

  @ManyToOne(() => CurrentRace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'current_race_id' })
  current_race?: Relation<CurrentRace>;

  /** The race whose finish settles the pool (the last leg). */
  @Column({ type: 'int' })
  last_race_id: number;

  @Column({ type: 'text' })
  bet_type: string;

  @Column({ type: 'int' })
  bet_type_id: number;

  /** Every race of the pool, in order. */
  @Column({ type: 'int', array: true })
  race_ids: number[];

  /** Takeout as a fraction, fixed when the pool opens. */
  @Column({ type: 'numeric', precision: 5, scale: 4 })
  takeout: string;

  @Column({ type: 'bigint', default: 0 })
  gross_cents: number;

  /** House liquidity put in at the opening (part of the gross). */
  @Column({ type: 'bigint', default: 0 })
  seed_cents: number;

  /**
   * Pick N: carried in from the last pool of the type at the track that nobody hit (ledger account
   * `carryover:{trackId}:{type}` → this pool's account); added to the net pool, not taxed again.
   */
  @Column({ type: 'bigint', default: 0 })
  carryover_cents: number;

  /** Pick N: what this pool carried on to the next one (no ticket with a race right, or refunded). */
  @Column({ type: 'bigint', default: 0 })
  carried_over_cents: number;

  /** The ledger account holding the pool's money. */
  @Column({ type: 'text' })
  account_code: string;

  @Column({ type: 'text', default: 'open' })
  state: PoolState;

  @Column({ type: 'timestamptz', nullable: true })
  frozen_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  settled_at: Date | null;

  /** What the settlement paid out (winners) and what went back to the house (takeout, breakage, house tickets). */
  @Column({ type: 'bigint', default: 0 })
  paid_cents: number;
}
