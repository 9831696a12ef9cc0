import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { Horse } from './horse.entity';
import { Jockey } from './jockey.entity';
import { Owner } from './owner.entity';
import { RaceResult } from './race-result.entity';
import { Trainer } from './trainer.entity';

@Entity('race_result_finishers')
@Check('ck_race_result_finishers_position', 'finish_position BETWEEN 1 AND 12')
@Index('ux_race_result_finishers_result_horse', ['result_id', 'horse_id'], { unique: true })
@Index('ix_race_result_finishers_result_position', ['result_id', 'finish_position'])
export class RaceResultFinisher {
  @PrimaryColumn({ type: 'int', primaryKeyConstraintName: 'PK_race_result_finishers' })
  result_id: number;

  /** 1 for the winner; runners whose recorded times are equal dead-heat and share a position (1, 2, 2, 4). */
  @Column({ type: 'smallint' })
  finish_position: number;

  @ManyToOne(
    () => RaceResult,
    (result) => result.finishers,
    { onDelete: 'CASCADE' },
  )
  @JoinColumn({ name: 'result_id' })
  result?: Relation<RaceResult>;

  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'PK_race_result_finishers' })
  post_position: number;

  /** Win odds to 1 as the tote stood at the off; null for starts from before they were kept. */
  @Column({ type: 'numeric', precision: 7, scale: 2, nullable: true })
  final_odds: number | null;

  @Index('ix_race_result_finishers_horse_id')
  @Column({ type: 'int' })
  horse_id: number;

  @ManyToOne(() => Horse, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'horse_id' })
  horse?: Relation<Horse>;

  @Index('ix_race_result_finishers_jockey_id')
  @Column({ type: 'int' })
  jockey_id: number;

  @ManyToOne(() => Jockey)
  @JoinColumn({ name: 'jockey_id' })
  jockey?: Relation<Jockey>;

  @Index('ix_race_result_finishers_trainer_id')
  @Column({ type: 'int' })
  trainer_id: number;

  @ManyToOne(() => Trainer)
  @JoinColumn({ name: 'trainer_id' })
  trainer?: Relation<Trainer>;

  @Index('ix_race_result_finishers_owner_id')
  @Column({ type: 'int' })
  owner_id: number;

  @ManyToOne(() => Owner)
  @JoinColumn({ name: 'owner_id' })
  owner?: Relation<Owner>;

  @Column({ type: 'int' })
  finish_time_ms: number;

  @Column({ type: 'smallint' })
  speed_figure: number;

  /** Purse money won in this race. */
  @Column({ type: 'bigint', default: 0 })
  earnings_cents: number;
}
