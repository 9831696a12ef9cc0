import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A fixed-window counter of login failures or sign-ups, per e-mail or per client address. */
@Entity('auth_throttle')
export class AuthThrottle {
  /** e.g. `login:email:{sha256}` or `login:ip:{address}`. */
  @PrimaryColumn({ type: 'text' })
  key: string;

  @Column({ type: 'int' })
  count: number;

  @Column({ type: 'timestamptz' })
  window_started_at: Date;
}
