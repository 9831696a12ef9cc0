import { Check, Entity, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { Bet } from './bet.entity';

/**
 * A program number a bet names. `slot` is the finishing position for ordered types, the leg for
 * multi-race types, and 1 for the rest; several numbers in one slot make a key or wheel.
 */
@Entity('bet_selections')
@Check('ck_bet_selections_post_position', 'post_position BETWEEN 1 AND 12')
export class BetSelection {
  @PrimaryColumn({ type: 'bigint' })
  bet_id: number;

  @PrimaryColumn({ type: 'smallint' })
  slot: number;

  @PrimaryColumn({ type: 'smallint' })
  post_position: number;

  @ManyToOne(
    () => Bet,
    (bet) => bet.selections,
    { onDelete: 'CASCADE' },
  )
  @JoinColumn({ name: 'bet_id' })
  bet?: Relation<Bet>;
}
