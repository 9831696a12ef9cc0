import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { CurrentRace } from '../../racing/entities/current-race.entity';

/**
 * How far the simulated crowd's money has been put into the pools starting at a race: the crowd
 * accrues lazily (when someone looks, a bet moves the board, or the race closes), each tick a
 * pure function of the race and the tick's number, so the mark is all that is stored. Locked
 * (FOR UPDATE) by whoever adds the money, so two instances never add the same ticks.
 */
@Entity('wager_crowd_marks')
export class WagerCrowdMark {
  @PrimaryColumn({ type: 'int' })
  current_race_id: number;

  @ManyToOne(() => CurrentRace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'current_race_id' })
  current_race?: Relation<CurrentRace>;

  /** The wall instant up to which the crowd's ticks are in the pools. */
  @Column({ type: 'timestamptz' })
  through_at: Date;
}
