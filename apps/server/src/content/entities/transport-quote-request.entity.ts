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

/**
 * A member's request to the sale company for horse transport, with the price quoted when it was
 * stored (the domain's transportQuote: its total and its lines, kept as quoted even if the rate
 * card changes later).
 */
@Entity('transport_quote_requests')
@Index('ix_transport_quote_requests_user_id_created_at', ['user_id', 'created_at'])
@Check('ck_transport_quote_requests_horses', 'horses BETWEEN 1 AND 10')
@Check('ck_transport_quote_requests_distance', 'distance_km BETWEEN 1 AND 5000')
@Check('ck_transport_quote_requests_service', "service IN ('van_shared', 'van_private', 'air')")
@Check('ck_transport_quote_requests_quote', 'quote_cents >= 0')
export class TransportQuoteRequestRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @Column({ type: 'text' })
  from_place: string;

  @Column({ type: 'text' })
  to_place: string;

  @Column({ type: 'int' })
  distance_km: number;

  @Column({ type: 'smallint' })
  horses: number;

  @Column({ type: 'text' })
  service: string;

  @Column({ type: 'date' })
  travel_date: string;

  @Column({ type: 'boolean', default: false })
  attendant: boolean;

  @Column({ type: 'boolean', default: false })
  insurance: boolean;

  @Column({ type: 'text', nullable: true })
  horse_name: string | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ type: 'int' })
  quote_cents: number;

  /** The quote's lines as quoted: [{ kind, label, amount_cents }], summing to quote_cents. */
  @Column({ type: 'jsonb' })
  quote_lines: unknown;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
