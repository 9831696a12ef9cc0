import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A signed login link that has been used: its nonce may never log anyone in again. */
@Entity('login_link_redemptions')
export class LoginLinkRedemption {
  @PrimaryColumn({ type: 'text' })
  nonce: string;

  @Column({ type: 'int' })
  user_id: number;

  @Column({ type: 'timestamptz' })
  redeemed_at: Date;

  @Column({ type: 'timestamptz' })
  expires_at: Date;
}
