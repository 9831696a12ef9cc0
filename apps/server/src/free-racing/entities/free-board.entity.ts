import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One horse of a free board as stored (its odds now and when its next refresh is due). */
export interface FreeBoardHorse {
  post: number;
  horse_id: number;
  horse_name: string;
  jockey_id: number | null;
  jockey_name: string | null;
  odds_n: number;
  odds_m: number;
  /** Refreshes applied so far (0: the odds drawn at the opening). */
  tick: number;
  odds_changed_at_ms: number;
  /** When the next refresh is due (epoch ms); null once the odds window has no room for another. */
  next_tick_at_ms: number | null;
}

/**
 * A free board: 7 catalog horses with changing odds, then its race. The race's seed is kept secret
 * (only its SHA-256 shown) until the race has finished; the odds are drawn from it too (domain
 * freeOddsTick), so a board is a function of its seed and its horses.
 */
@Entity('free_boards')
@Index('ix_free_boards_set_id', ['set_id'])
@Check('ck_free_boards_status', `status IN ('odds', 'running', 'finished')`)
export class FreeBoardRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  set_id: number;

  @Column({ type: 'smallint' })
  board_no: number;

  @Column({ type: 'jsonb' })
  horses: FreeBoardHorse[];

  @Column({ type: 'timestamptz' })
  odds_open_at: Date;

  @Column({ type: 'timestamptz' })
  odds_close_at: Date;

  @Column({ type: 'text' })
  seed: string;

  @Column({ type: 'text' })
  seed_hash: string;

  @Column({ type: 'text', default: 'odds' })
  status: 'odds' | 'running' | 'finished';

  @Column({ type: 'timestamptz', nullable: true })
  started_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  finishes_at: Date | null;

  @Column({ type: 'int', array: true, nullable: true })
  finish_order: number[] | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
