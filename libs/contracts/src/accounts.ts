import type { ListResponse } from './api';

/** Sign-up and profile limits, shared so the client shows the same rules the server enforces. */
export const ACCOUNT_LIMITS = {
  usernameMin: 3,
  usernameMax: 30,
  /** Letters, digits, dot, dash and underscore. */
  usernamePattern: '^[A-Za-z0-9_.-]+$',
  emailMax: 254,
  passwordMin: 8,
  // Long enough for any passphrase; bounded so nobody can make the hash work on megabytes.
  passwordMax: 128,
  fullNameMax: 100,
} as const;

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The cookies and header of the session and its CSRF token. */
export const SESSION_COOKIE = 'furlong_session';
export const CSRF_COOKIE = 'furlong_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

/** Why a request was refused a session (`reason` of a 401 or 403 body). */
export const AUTH_REASONS = {
  notLoggedIn: 'not_logged_in',
  sessionExpired: 'session_expired',
  csrf: 'csrf',
  forbidden: 'forbidden',
} as const;

/** The spec's messages (§8) for the login, logout and inactivity flows. */
export const AUTH_MESSAGES = {
  loginSuccess: 'Login successful!',
  loginNoMatch: 'Incorrect email or password. Please try again.',
  loginFailed: 'An error occurred during login. Please try again.',
  inactivity: 'You have been logged out due to inactivity',
  loggingOut: 'You are now being logged out.',
  logoutMissing: 'Session ID or user ID is missing',
  profileLoggedOut: 'Please log in to view your profile.',
} as const;

/** The logged-in user's session: when it started, when it was last used and when it runs out if unused. */
export interface SessionInfo {
  login_date: string;
  last_seen_at: string;
  /** When the session ends if nothing else happens (idle limit, or the absolute limit if sooner). */
  expires_at: string;
  idle_timeout_seconds: number;
}

/** GET /api/me: the account, its wallet balance and the current session. Never a password or hash. */
export interface MeResponse {
  id: number;
  uuid: string;
  username: string;
  email: string;
  full_name: string | null;
  role: UserRole;
  created_at: string;
  balance_cents: number;
  session: SessionInfo;
}

/** GET /api/users/{id}: a user's own account as another endpoint shows it (the owner or an admin only). */
export type UserProfile = Omit<MeResponse, 'session'>;

/** POST /api/auth/register */
export interface RegisterRequest {
  username: string;
  email: string;
  password: string;
}

/** POST /api/auth/login */
export interface LoginRequest {
  email: string;
  password: string;
}

/** PATCH /api/me: any of these; changing the email needs the current password. */
export interface UpdateMeRequest {
  username?: string;
  email?: string;
  full_name?: string | null;
  current_password?: string;
}

/** One side of a wallet movement, as GET /api/me/ledger lists it. */
export interface LedgerEntry {
  id: number;
  transfer_id: number;
  /** Positive: money in; negative: money out. */
  amount_cents: number;
  balance_after_cents: number;
  reason: string;
  reference: string | null;
  /** The other account of the transfer: a username, or a system account such as `house`. */
  counterparty: string;
  created_at: string;
}

export type LedgerPage = ListResponse<LedgerEntry>;

/** POST /api/auth/pass: a new pass login to show as a QR code on the device that waits. */
export interface PassLoginCreated {
  id: string;
  /** Where the other device approves it: `/auth?pass={id}` on this site. */
  approve_path: string;
  expires_at: string;
  ttl_seconds: number;
}

/** GET /api/auth/pass/{id} (the waiting device): pending, or approved (the session cookie is set). */
export interface PassLoginStatus {
  status: 'pending' | 'approved';
  expires_at: string;
  user?: MeResponse;
}

/** GET /api/auth/pass/{id}/info (the approving device): what is asking to log in. */
export interface PassLoginInfo {
  status: 'pending';
  created_at: string;
  expires_at: string;
  requester: { user_agent: string | null; ip: string | null };
}

/** POST /api/me/login-link: a one-time signed link that logs another device into this account. */
export interface LoginLinkCreated {
  token: string;
  /** `/login/{token}` on this site. */
  path: string;
  expires_at: string;
  ttl_seconds: number;
}

/** GET /api/admin/users: one row of the users table (admins only). */
export interface AdminUserRow {
  id: number;
  username: string;
  email: string;
  role: UserRole;
  created_at: string;
  balance_cents: number;
}
