import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The featured horse, jockey, trainer and owner of one hour (racing clock), made once per hour from
 * that day's runners (INSERT … ON CONFLICT DO NOTHING: every instance agrees on the first).
 */
@Entity('featured_picks')
export class FeaturedPick {
  /** The start of the hour. */
  @PrimaryColumn({ type: 'timestamptz' })
  hour_start: Date;

  @Column({ type: 'int' })
  horse_id: number;

  @Column({ type: 'int' })
  jockey_id: number;

  @Column({ type: 'int', nullable: true })
  trainer_id: number | null;

  @Column({ type: 'int', nullable: true })
  owner_id: number | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;
}
