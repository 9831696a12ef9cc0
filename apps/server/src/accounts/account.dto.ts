import { ACCOUNT_LIMITS as L } from '@furlong/contracts';
import { z } from 'zod';

/** What a request tells us about the client, for sessions and throttling. */
export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

const email = z
  .string({ message: 'is required' })
  .trim()
  .toLowerCase()
  .max(L.emailMax, `must be at most ${L.emailMax} characters`)
  .pipe(z.email({ message: 'must be an e-mail address' }));

const username = z
  .string({ message: 'is required' })
  .trim()
  .min(L.usernameMin, `must be at least ${L.usernameMin} characters`)
  .max(L.usernameMax, `must be at most ${L.usernameMax} characters`)
  .regex(new RegExp(L.usernamePattern), 'may hold only letters, digits, dot, dash and underscore');

const newPassword = z
  .string({ message: 'is required' })
  .min(L.passwordMin, `must be at least ${L.passwordMin} characters`)
  .max(L.passwordMax, `must be at most ${L.passwordMax} characters`);

export const registerSchema = z.object({ username, email, password: newPassword }).strict();

export const loginSchema = z
  .object({
    email: z.string({ message: 'is required' }).trim().toLowerCase().min(1, 'is required').max(L.emailMax),
    password: z.string({ message: 'is required' }).min(1, 'is required').max(L.passwordMax),
  })
  .strict();

export const updateMeSchema = z
  .object({
    username: username.optional(),
    email: email.optional(),
    full_name: z
      .string()
      .trim()
      .max(L.fullNameMax, `must be at most ${L.fullNameMax} characters`)
      .nullable()
      .optional()
      .transform((v) => (v === '' ? null : v)),
    current_password: z.string().max(L.passwordMax).optional(),
  })
  .strict();

export const changePasswordSchema = z
  .object({
    current_password: z.string({ message: 'is required' }).min(1).max(L.passwordMax),
    new_password: newPassword,
  })
  .strict();

export const redeemLinkSchema = z.object({ token: z.string({ message: 'is required' }).min(1).max(1000) }).strict();
