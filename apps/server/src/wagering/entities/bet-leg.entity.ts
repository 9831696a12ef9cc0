import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { CurrentRace } from '../../racing/entities/current-race.entity';
import { Bet } from './bet.entity';

/** The races a bet covers, in order: one for single-race types, N for Pick N. */
@Entity('bet_legs')
export class BetLeg {
  @PrimaryColumn({ type: 'bigint' })
  bet_id: number;

  @PrimaryColumn({ type: 'smallint' })
  leg: number;

  @ManyToOne(
    () => Bet,
    (bet) => bet.legs,
    { onDelete: 'CASCADE' },
  )
  @JoinColumn({ name: 'bet_id' })
  bet?: Relation<Bet>;

  @Index('ix_bet_legs_current_race_id')
  @Column({ type: 'int' })
  current_race_id: number;

  @ManyToOne(() => CurrentRace)
  @JoinColumn({ name: 'current_race_id' })
  current_race?: Relation<CurrentRace>;
}
