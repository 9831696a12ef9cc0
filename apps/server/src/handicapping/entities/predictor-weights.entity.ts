import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Relation, UpdateDateColumn } from 'typeorm';
import { User } from '../../accounts/entities/user.entity';

/**
 * The race predictor's weights an account saved (spec §5: each 0 to 1 in steps of 0.01), kept as
 * whole hundredths so a saved weight reads back exactly.
 */
@Entity('predictor_weights')
@Check(
  'ck_predictor_weights_range',
  `win_rate BETWEEN 0 AND 100 AND average_speed BETWEEN 0 AND 100
  AND earnings BETWEEN 0 AND 100 AND last_race_time BETWEEN 0 AND 100 AND jockey_win_rate BETWEEN 0 AND 100`,
)
export class PredictorWeightsRow {
  @PrimaryColumn({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @Column({ type: 'smallint' })
  win_rate: number;

  @Column({ type: 'smallint' })
  average_speed: number;

  @Column({ type: 'smallint' })
  earnings: number;

  @Column({ type: 'smallint' })
  last_race_time: number;

  @Column({ type: 'smallint' })
  jockey_win_rate: number;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
