import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One news item (issue 20, §3): written once per guid by the news job from what happened. */
@Entity('news_items')
@Index('ux_news_items_guid', ['guid'], { unique: true })
@Index('ix_news_items_created_at', ['created_at', 'id'])
@Check(
  'ck_news_items_kind',
  "kind IN ('big_win', 'big_exotic', 'carryover', 'win_streak', 'owner_win', 'auction_record', 'feed')",
)
export class NewsItemRow {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'pk_news_items' })
  id: number;

  @Column({ type: 'text' })
  guid: string;

  @Column({ type: 'text' })
  kind: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'text' })
  link: string;

  @Column({ type: 'text', nullable: true })
  thumbnail: string | null;

  /** When it happened (the race's finish), which orders the feed. */
  @Column({ type: 'timestamptz' })
  created_at: Date;
}
