import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A manufactured-home insurance quote request; mailed from an outbox by the content module. */
@Entity('insurance_quote_requests')
@Index('ix_insurance_quote_requests_email_created_at', ['email', 'created_at'])
@Index('ix_insurance_quote_requests_client_ip_created_at', ['client_ip', 'created_at'])
export class InsuranceQuoteRequest {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  first_name: string;

  @Column({ type: 'text' })
  last_name: string;

  @Column({ type: 'text' })
  phone: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  property_zip: string;

  @Column({ type: 'date', nullable: true })
  name1_dob: string | null;

  @Column({ type: 'smallint', nullable: true })
  home_year: number | null;

  @Column({ type: 'smallint', nullable: true })
  length_ft: number | null;

  @Column({ type: 'smallint', nullable: true })
  width_ft: number | null;

  @Column({ type: 'boolean', nullable: true })
  in_park: boolean | null;

  @Column({ type: 'boolean', nullable: true })
  private_land: boolean | null;

  @Column({ type: 'text', nullable: true })
  street: string | null;

  @Column({ type: 'text', nullable: true })
  space: string | null;

  @Column({ type: 'text', nullable: true })
  city: string | null;

  @Column({ type: 'text', nullable: true })
  state: string | null;

  @Column({ type: 'bigint', nullable: true })
  purchase_price_cents: number | null;

  @Column({ type: 'date', nullable: true })
  effective_date: string | null;

  @Column({ type: 'boolean', nullable: true })
  garage_attached: boolean | null;

  @Column({ type: 'boolean', nullable: true })
  garage_detached: boolean | null;

  @Column({ type: 'bigint', nullable: true })
  garage_cash_value_cents: number | null;

  @Column({ type: 'text', nullable: true })
  claims: string | null;

  @Column({ type: 'boolean', nullable: true })
  owner_occupied: boolean | null;

  @Column({ type: 'boolean', nullable: true })
  vacant_or_spec: boolean | null;

  @Column({ type: 'boolean', nullable: true })
  rental: boolean | null;

  @Column({ type: 'boolean', nullable: true })
  seasonal: boolean | null;

  @Column({ type: 'boolean', nullable: true })
  course_of_construction: boolean | null;

  @Column({ type: 'boolean', nullable: true })
  earthquake_coverage: boolean | null;

  @Column({ type: 'boolean', nullable: true })
  flood_coverage: boolean | null;

  @Column({ type: 'text', nullable: true })
  additional_coverage: string | null;

  /** The client's address, for the per-address limit on forms (null: stored before issue 20). */
  @Column({ type: 'text', nullable: true })
  client_ip: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
