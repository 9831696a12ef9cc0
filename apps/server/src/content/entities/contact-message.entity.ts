import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A message from /contact-us or a /submit-* page (a program, a race, a bug, feedback); mailed from the outbox. */
@Entity('contact_messages')
@Index('ix_contact_messages_email_created_at', ['email', 'created_at'])
@Index('ix_contact_messages_client_ip_created_at', ['client_ip', 'created_at'])
@Check('ck_contact_messages_kind', "kind IN ('contact', 'program', 'race', 'bug', 'feedback')")
export class ContactMessageRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  kind: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  subject: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'text' })
  client_ip: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
