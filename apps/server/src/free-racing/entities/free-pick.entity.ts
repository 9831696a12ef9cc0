import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Relation,
} from 'typeorm';
import { User } from '../../accounts/entities/user.entity';
import { FreeBoardRow } from './free-board.entity';

/** A player's free pick on a board (one a board), with the odds that set its points; scored once at the finish. */
@Entity('free_picks')
@Index('ux_free_picks_board_id_user_id', ['board_id', 'user_id'], { unique: true })
@Index('ix_free_picks_user_id_created_at', ['user_id', 'created_at'])
@Index('ix_free_picks_settled_at', ['settled_at'])
@Check('ck_free_picks_post', 'post BETWEEN 1 AND 7')
@Check('ck_free_picks_odds', 'odds_n BETWEEN 1 AND 10 AND odds_m BETWEEN 1 AND 10')
export class FreePickRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  board_id: number;

  @ManyToOne(() => FreeBoardRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'board_id' })
  board?: Relation<FreeBoardRow>;

  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @Column({ type: 'smallint' })
  post: number;

  @Column({ type: 'smallint' })
  odds_n: number;

  @Column({ type: 'smallint' })
  odds_m: number;

  /** Null until the race has finished; then the points scored (0 when wrong). */
  @Column({ type: 'int', nullable: true })
  points: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  settled_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
