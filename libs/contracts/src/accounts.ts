import { z } from 'zod';
import { defineOperation, idParams, isoDateTime, listResponseSchema, queryEnum, queryInteger, queryText } from './api';

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

export const USER_ROLES = ['user', 'operator', 'admin'] as const;
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
  accountDisabled: 'account_disabled',
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

// ---------------------------------------------------------------------------------------------
// Responses

/** The logged-in user's session: when it started, when it was last used and when it runs out if unused. */
export const sessionInfoSchema = z
  .object({
    login_date: isoDateTime(),
    last_seen_at: isoDateTime(),
    /** When the session ends if nothing else happens (idle limit, or the absolute limit if sooner). */
    expires_at: isoDateTime().describe(
      'When the session ends if nothing else happens (idle limit, or the absolute limit if sooner)',
    ),
    idle_timeout_seconds: z.number(),
  })
  .meta({ id: 'SessionInfo' });
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

// The account as every endpoint shows it (never a password or hash).
const accountFields = {
  id: z.int(),
  uuid: z.uuid(),
  username: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  role: z.enum(USER_ROLES),
  created_at: isoDateTime(),
  balance_cents: z.int(),
};

/** GET /api/me: the account, its wallet balance and the current session. Never a password or hash. */
export const meResponseSchema = z.object({ ...accountFields, session: sessionInfoSchema }).meta({ id: 'MeResponse' });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** GET /api/users/{id}: a user's own account as another endpoint shows it (the owner or an admin only). */
export const userProfileSchema = z.object(accountFields).meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof userProfileSchema>;

/** GET /api/auth/csrf */
export const csrfTokenResponseSchema = z
  .object({ csrf_token: z.string().describe(`echo it in ${CSRF_HEADER}; also set in the ${CSRF_COOKIE} cookie`) })
  .meta({ id: 'CsrfTokenResponse' });
export type CsrfTokenResponse = z.infer<typeof csrfTokenResponseSchema>;

/** One side of a wallet movement, as GET /api/me/ledger lists it. */
export const ledgerEntrySchema = z
  .object({
    id: z.int(),
    transfer_id: z.int(),
    /** Positive: money in; negative: money out. */
    amount_cents: z.int().describe('positive: money in; negative: money out'),
    balance_after_cents: z.int(),
    reason: z.string(),
    reference: z.string().nullable(),
    /** The movement in words: "Win payout, Race 7 at Victoria Park", "Bet: Exacta, Race 3 at Aville Downs". */
    description: z
      .string()
      .describe(
        'the movement in words, e.g. "Win payout, Race 7 at Victoria Park" or "Bet: Exacta, Race 3 at Aville Downs"',
      ),
    /** The other account of the transfer: a username, or a system account such as `house`. */
    counterparty: z
      .string()
      .describe('the other account of the transfer: a username, or a system account such as `house`'),
    created_at: isoDateTime(),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerPageSchema = listResponseSchema(ledgerEntrySchema).meta({ id: 'LedgerPage' });
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

/** POST /api/auth/pass: a new pass login to show as a QR code on the device that waits. */
export const passLoginCreatedSchema = z
  .object({
    id: z.string(),
    /** Where the other device approves it: `/auth?pass={id}` on this site. */
    approve_path: z.string().describe('where the other device approves it: `/auth?pass={id}` on this site'),
    expires_at: isoDateTime(),
    ttl_seconds: z.number(),
  })
  .meta({ id: 'PassLoginCreated' });
export type PassLoginCreated = z.infer<typeof passLoginCreatedSchema>;

/** GET /api/auth/pass/{id} (the waiting device): pending, or approved (the session cookie is set). */
export const passLoginStatusSchema = z
  .object({
    status: z.enum(['pending', 'approved']),
    expires_at: isoDateTime(),
    /** When approved: the account this device is now logged in as. */
    user: meResponseSchema.optional(),
  })
  .meta({ id: 'PassLoginStatus' });
export type PassLoginStatus = z.infer<typeof passLoginStatusSchema>;

/** GET /api/auth/pass/{id}/info (the approving device): what is asking to log in. */
export const passLoginInfoSchema = z
  .object({
    status: z.literal('pending'),
    created_at: isoDateTime(),
    expires_at: isoDateTime(),
    requester: z.object({ user_agent: z.string().nullable(), ip: z.string().nullable() }),
  })
  .meta({ id: 'PassLoginInfo' });
export type PassLoginInfo = z.infer<typeof passLoginInfoSchema>;

/** POST /api/auth/pass/{id}/approve and /deny: the decision taken. */
export const passLoginDecisionSchema = z
  .object({ status: z.enum(['approved', 'denied']) })
  .meta({ id: 'PassLoginDecision' });
export type PassLoginDecision = z.infer<typeof passLoginDecisionSchema>;

/** POST /api/me/login-link: a one-time signed link that logs another device into this account. */
export const loginLinkCreatedSchema = z
  .object({
    token: z.string(),
    /** `/login/{token}` on this site. */
    path: z.string().describe('`/login/{token}` on this site'),
    expires_at: isoDateTime(),
    ttl_seconds: z.number(),
  })
  .meta({ id: 'LoginLinkCreated' });
export type LoginLinkCreated = z.infer<typeof loginLinkCreatedSchema>;

/** GET /api/admin/users: one row of the users table (admins only). */
export const adminUserRowSchema = userProfileSchema
  .pick({ id: true, username: true, email: true, full_name: true, role: true, created_at: true, balance_cents: true })
  .extend({
    disabled: z.boolean().describe('an admin disabled it: it cannot log in until enabled again'),
    deleted: z.boolean().describe('an admin deleted it (its bets and ledger stay): it can never log in again'),
  })
  .meta({ id: 'AdminUserRow' });
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserPageSchema = listResponseSchema(adminUserRowSchema).meta({ id: 'AdminUserPage' });

/** PUT /api/admin/users/{id}/role: an admin gives a user a role (user, operator or admin). */
export const setUserRoleRequestSchema = z
  .object({ role: z.enum(USER_ROLES, { message: `must be one of ${USER_ROLES.join(', ')}` }) })
  .strict()
  .meta({ id: 'SetUserRoleRequest' });
export type SetUserRoleRequest = z.infer<typeof setUserRoleRequestSchema>;
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

// ---------------------------------------------------------------------------------------------
// Requests. The server reads each body through these schemas (unknown fields are refused); the
// types are what a client sends (before trimming and lower-casing).

const L = ACCOUNT_LIMITS;

const emailField = z
  .string({ message: 'is required' })
  .trim()
  .toLowerCase()
  .max(L.emailMax, `must be at most ${L.emailMax} characters`)
  .pipe(z.email({ message: 'must be an e-mail address' }));

const usernameField = z
  .string({ message: 'is required' })
  .trim()
  .min(L.usernameMin, `must be at least ${L.usernameMin} characters`)
  .max(L.usernameMax, `must be at most ${L.usernameMax} characters`)
  .regex(new RegExp(L.usernamePattern), 'may hold only letters, digits, dot, dash and underscore');

/** An empty name clears it (null). */
const fullNameField = z
  .string()
  .trim()
  .max(L.fullNameMax, `must be at most ${L.fullNameMax} characters`)
  .nullable()
  .optional()
  .transform((v) => (v === '' ? null : v))
  .describe('empty or null clears it');

const newPasswordField = z
  .string({ message: 'is required' })
  .min(L.passwordMin, `must be at least ${L.passwordMin} characters`)
  .max(L.passwordMax, `must be at most ${L.passwordMax} characters`);

/** POST /api/auth/register */
export const registerRequestSchema = z
  .object({ username: usernameField, email: emailField, password: newPasswordField })
  .strict()
  .meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** POST /api/auth/login */
export const loginRequestSchema = z
  .object({
    email: z.string({ message: 'is required' }).trim().toLowerCase().min(1, 'is required').max(L.emailMax),
    password: z.string({ message: 'is required' }).min(1, 'is required').max(L.passwordMax),
  })
  .strict()
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** PATCH /api/me: any of these; changing the email needs the current password. */
export const updateMeRequestSchema = z
  .object({
    username: usernameField.optional(),
    email: emailField.optional(),
    full_name: fullNameField,
    current_password: z.string().max(L.passwordMax).optional().describe('needed to change the e-mail'),
  })
  .strict()
  .meta({ id: 'UpdateMeRequest' });
export type UpdateMeRequest = z.input<typeof updateMeRequestSchema>;

/** POST /api/me/password */
export const changePasswordRequestSchema = z
  .object({
    current_password: z.string({ message: 'is required' }).min(1).max(L.passwordMax),
    new_password: newPasswordField,
  })
  .strict()
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** POST /api/auth/link/redeem */
export const redeemLoginLinkRequestSchema = z
  .object({ token: z.string({ message: 'is required' }).min(1).max(1000) })
  .strict()
  .meta({ id: 'RedeemLoginLinkRequest' });
export type RedeemLoginLinkRequest = z.input<typeof redeemLoginLinkRequestSchema>;

/** A page of a list: `limit` (1–500) and `offset`. */
const pageQuery = (defaultLimit: number) =>
  z.strictObject({ limit: queryInteger(1, 500, defaultLimit), offset: queryInteger(0, 2_147_483_647, 0) });

export const ledgerQuerySchema = pageQuery(25);
export type LedgerQuery = z.output<typeof ledgerQuerySchema>;

/** What the admins' users table sorts by. */
export const ADMIN_USER_SORTS = ['id', 'username', 'email', 'role', 'created_at', 'balance_cents'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export const adminUsersQuerySchema = pageQuery(50).extend({
  q: queryText(100).describe('part of a username, e-mail or full name (any case)'),
  sort: queryEnum(ADMIN_USER_SORTS, 'id'),
  order: queryEnum(['asc', 'desc'] as const, 'asc'),
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

/** PATCH /api/admin/users/{id}: any of these (at least one). */
export const adminUpdateUserRequestSchema = z
  .object({
    username: usernameField.optional(),
    email: emailField.optional(),
    full_name: fullNameField,
    role: z.enum(USER_ROLES, { message: `must be one of ${USER_ROLES.join(', ')}` }).optional(),
    disabled: z.boolean({ message: 'must be true or false' }).optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'name at least one field to change' })
  .meta({ id: 'AdminUpdateUserRequest' });
export type AdminUpdateUserRequest = z.input<typeof adminUpdateUserRequestSchema>;

/** The largest wallet adjustment an admin may make at once ($1,000,000). */
export const WALLET_ADJUSTMENT_MAX_CENTS = 100_000_000;

/** POST /api/admin/users/{id}/wallet-adjustments: money in (positive) or out (negative), with why. */
export const walletAdjustmentRequestSchema = z
  .object({
    amount_cents: z
      .int({ message: 'must be a whole number of cents' })
      .min(-WALLET_ADJUSTMENT_MAX_CENTS, `must be at least -${WALLET_ADJUSTMENT_MAX_CENTS}`)
      .max(WALLET_ADJUSTMENT_MAX_CENTS, `must be at most ${WALLET_ADJUSTMENT_MAX_CENTS}`)
      .refine((v) => v !== 0, { message: 'must not be zero' })
      .describe('positive: credit the wallet; negative: debit it'),
    reason: z
      .string({ message: 'is required' })
      .trim()
      .min(3, 'must be at least 3 characters')
      .max(200, 'must be at most 200 characters')
      .describe('why, shown in the wallet and the audit log'),
  })
  .strict()
  .meta({ id: 'WalletAdjustmentRequest' });
export type WalletAdjustmentRequest = z.input<typeof walletAdjustmentRequestSchema>;

export const walletAdjustmentResponseSchema = z
  .object({ user: adminUserRowSchema, transfer_id: z.int(), audit_id: z.int() })
  .meta({ id: 'WalletAdjustmentResponse' });
export type WalletAdjustmentResponse = z.infer<typeof walletAdjustmentResponseSchema>;

/** A pass login's id (from the QR code). */
const passParams = z.object({ id: z.string().describe('the pass id shown in the QR code') });

// ---------------------------------------------------------------------------------------------
// Operations

const CSRF_403 = `missing or invalid ${CSRF_HEADER} header, or a cross-site request (reason \`csrf\`)`;
const BAD_FIELDS_400 = 'a field is missing or invalid (each is named in `errors`)';
const NO_SESSION_401 = 'not logged in, or the session ran out (reason `not_logged_in` or `session_expired`)';
const PASS_404 = 'no such pass login, or this is not the browser that made it (reason `pass_unknown`)';
const PASS_410 =
  'the pass login was used, declined or has expired (reason `pass_used`, `pass_denied` or `pass_expired`)';

export const accountsApi = {
  csrf: defineOperation({
    method: 'get',
    path: '/auth/csrf',
    tags: ['accounts'],
    access: 'public',
    summary: `The CSRF token to echo in ${CSRF_HEADER} (also set in the ${CSRF_COOKIE} cookie)`,
    status: 200,
    response: csrfTokenResponseSchema,
  }),
  register: defineOperation({
    method: 'post',
    path: '/auth/register',
    tags: ['accounts'],
    access: 'public',
    summary: 'Sign up: username, email, password (8+); logs in and credits the starting play money',
    description: `Sets the ${SESSION_COOKIE} cookie and a new CSRF token. Needs the CSRF token even without a session.`,
    body: registerRequestSchema,
    status: 201,
    response: meResponseSchema,
    errors: {
      400: BAD_FIELDS_400,
      403: CSRF_403,
      409: 'the username or the e-mail is taken (each is named in `errors`)',
      429: 'too many sign-ups from this address (Retry-After)',
    },
  }),
  login: defineOperation({
    method: 'post',
    path: '/auth/login',
    tags: ['accounts'],
    access: 'public',
    summary: 'Log in with e-mail and password; sets the session cookie',
    description: `Sets the ${SESSION_COOKIE} cookie and a new CSRF token. Needs the CSRF token even without a session.`,
    body: loginRequestSchema,
    status: 200,
    response: meResponseSchema,
    errors: {
      400: BAD_FIELDS_400,
      401: `no account with this e-mail and password (reason \`bad_credentials\`): "${AUTH_MESSAGES.loginNoMatch}"`,
      403: CSRF_403,
      429: 'too many failed logins for this e-mail or address (Retry-After)',
    },
  }),
  logout: defineOperation({
    method: 'post',
    path: '/auth/logout',
    tags: ['accounts'],
    access: 'public',
    summary: 'End this session (401 when there is none)',
    description: 'Clears the session cookie and issues a CSRF token without a session, whether or not one was ended.',
    status: 204,
    response: null,
    errors: {
      401: `no session to end (reason \`not_logged_in\`): "${AUTH_MESSAGES.logoutMissing}"`,
      403: CSRF_403,
    },
  }),
  createPass: defineOperation({
    method: 'post',
    path: '/auth/pass',
    tags: ['accounts'],
    access: 'public',
    summary: 'Start a pass (QR) login on this device: an id to show, valid 60 s',
    description: 'Sets an httpOnly cookie that only this browser holds: only it may collect the session.',
    status: 201,
    response: passLoginCreatedSchema,
    errors: { 403: CSRF_403, 429: 'too many pass logins from this address (Retry-After)' },
  }),
  pollPass: defineOperation({
    method: 'get',
    path: '/auth/pass/{id}',
    tags: ['accounts'],
    access: 'public',
    summary: 'Poll a pass login from the device that made it; when approved, logs this device in',
    description: `When approved, the answer carries the account and sets the ${SESSION_COOKIE} cookie (once).`,
    params: passParams,
    status: 200,
    response: passLoginStatusSchema,
    errors: { 404: PASS_404, 410: PASS_410 },
  }),
  passInfo: defineOperation({
    method: 'get',
    path: '/auth/pass/{id}/info',
    tags: ['accounts'],
    access: 'session',
    summary: 'What device asks to log in with this pass (for the approving device)',
    params: passParams,
    status: 200,
    response: passLoginInfoSchema,
    errors: { 401: NO_SESSION_401, 404: PASS_404, 410: PASS_410 },
  }),
  approvePass: defineOperation({
    method: 'post',
    path: '/auth/pass/{id}/approve',
    tags: ['accounts'],
    access: 'session',
    summary: 'Approve a pass login: the waiting device is logged in as you',
    params: passParams,
    status: 200,
    response: passLoginDecisionSchema,
    errors: { 401: NO_SESSION_401, 403: CSRF_403, 404: PASS_404, 410: PASS_410 },
  }),
  denyPass: defineOperation({
    method: 'post',
    path: '/auth/pass/{id}/deny',
    tags: ['accounts'],
    access: 'session',
    summary: 'Decline a pass login',
    params: passParams,
    status: 200,
    response: passLoginDecisionSchema,
    errors: { 401: NO_SESSION_401, 403: CSRF_403, 404: PASS_404, 410: PASS_410 },
  }),
  redeemLoginLink: defineOperation({
    method: 'post',
    path: '/auth/link/redeem',
    tags: ['accounts'],
    access: 'public',
    summary: 'Log in with a one-time signed login link (/login/{token})',
    description: `Sets the ${SESSION_COOKIE} cookie and a new CSRF token. Needs the CSRF token even without a session.`,
    body: redeemLoginLinkRequestSchema,
    status: 200,
    response: meResponseSchema,
    errors: {
      400: BAD_FIELDS_400,
      403: CSRF_403,
      404: 'the link is forged or its account is gone (reason `link_invalid`)',
      410: 'the link has expired or was already used (reason `link_expired` or `link_used`)',
    },
  }),
  me: defineOperation({
    method: 'get',
    path: '/me',
    tags: ['accounts'],
    access: 'session',
    summary: 'The logged-in account, its wallet balance and its session',
    status: 200,
    response: meResponseSchema,
    errors: { 401: NO_SESSION_401 },
  }),
  updateMe: defineOperation({
    method: 'patch',
    path: '/me',
    tags: ['accounts'],
    access: 'session',
    summary: 'Edit username, email (needs current_password) or full_name',
    body: updateMeRequestSchema,
    status: 200,
    response: meResponseSchema,
    errors: {
      400: `${BAD_FIELDS_400}; current_password missing or wrong when the e-mail changes`,
      401: NO_SESSION_401,
      403: CSRF_403,
      409: 'the username or the e-mail is taken (each is named in `errors`)',
    },
  }),
  myLedger: defineOperation({
    method: 'get',
    path: '/me/ledger',
    tags: ['accounts'],
    access: 'session',
    summary: "The wallet's ledger entries, newest first (limit, offset)",
    query: ledgerQuerySchema,
    status: 200,
    response: ledgerPageSchema,
    errors: { 400: 'a bad or unknown query parameter (each is named in `errors`)', 401: NO_SESSION_401 },
  }),
  changePassword: defineOperation({
    method: 'post',
    path: '/me/password',
    tags: ['accounts'],
    access: 'session',
    summary: 'Change the password (current_password, new_password); ends your other sessions',
    body: changePasswordRequestSchema,
    status: 204,
    response: null,
    errors: {
      400: `${BAD_FIELDS_400}, or current_password is not the current password`,
      401: NO_SESSION_401,
      403: CSRF_403,
    },
  }),
  createLoginLink: defineOperation({
    method: 'post',
    path: '/me/login-link',
    tags: ['accounts'],
    access: 'session',
    summary: 'A one-time signed link (60 s) that logs another device into this account',
    status: 201,
    response: loginLinkCreatedSchema,
    errors: { 401: NO_SESSION_401, 403: CSRF_403 },
  }),
  userProfile: defineOperation({
    method: 'get',
    path: '/users/{id}',
    tags: ['accounts'],
    access: 'session',
    summary: "A user's account: your own, or any as an admin (403 otherwise)",
    params: idParams(),
    status: 200,
    response: userProfileSchema,
    errors: {
      400: 'the id is not a positive integer',
      401: NO_SESSION_401,
      403: "another user's account, and you are not an admin (reason `forbidden`)",
      404: 'no such user',
    },
  }),
  userLedger: defineOperation({
    method: 'get',
    path: '/users/{id}/ledger',
    tags: ['accounts'],
    access: 'session',
    summary: "A user's ledger entries: your own, or any as an admin (403 otherwise)",
    params: idParams(),
    query: ledgerQuerySchema,
    status: 200,
    response: ledgerPageSchema,
    errors: {
      400: 'the id, or a query parameter, is bad or unknown (each is named in `errors`)',
      401: NO_SESSION_401,
      403: "another user's ledger, and you are not an admin (reason `forbidden`)",
    },
  }),
  adminUsers: defineOperation({
    method: 'get',
    path: '/admin/users',
    tags: ['admin'],
    access: 'admin',
    summary: 'Every user with their balance (admins only)',
    query: adminUsersQuerySchema,
    status: 200,
    response: adminUserPageSchema,
    errors: {
      400: 'a bad or unknown query parameter (each is named in `errors`)',
      401: NO_SESSION_401,
      403: 'you are not an admin (reason `forbidden`)',
    },
  }),
  setUserRole: defineOperation({
    method: 'put',
    path: '/admin/users/{id}/role',
    tags: ['admin'],
    access: 'admin',
    summary: "Set a user's role: user, operator (the operations pages) or admin (admins only)",
    description: "An admin cannot change their own role. The user's sessions see the new role at once.",
    params: idParams(),
    body: setUserRoleRequestSchema,
    status: 200,
    response: adminUserRowSchema,
    errors: {
      400: 'a bad role, or your own account',
      401: NO_SESSION_401,
      403: 'you are not an admin (reason `forbidden`)',
      404: 'no user has that id',
    },
  }),
  adminUpdateUser: defineOperation({
    method: 'patch',
    path: '/admin/users/{id}',
    tags: ['admin'],
    access: 'admin',
    summary: 'Edit a user: username, e-mail, full name, role, disabled (admins only; audited)',
    description:
      "Disabling ends the user's sessions and keeps them from logging in. The last active admin cannot be demoted or disabled, and an admin cannot change their own role or disable themselves.",
    params: idParams(),
    body: adminUpdateUserRequestSchema,
    status: 200,
    response: adminUserRowSchema,
    errors: {
      400: 'a field is missing or invalid (each is named in `errors`), or your own role or account',
      401: NO_SESSION_401,
      403: `you are not an admin (reason \`forbidden\`), or ${CSRF_403}`,
      404: 'no user has that id (or it was deleted)',
      409: 'the username or e-mail is taken (reason `taken`), or it would leave no active admin (reason `last_admin`)',
    },
  }),
  adminDeleteUser: defineOperation({
    method: 'delete',
    path: '/admin/users/{id}',
    tags: ['admin'],
    access: 'admin',
    summary: 'Delete a user (soft: its bets and ledger stay; it can never log in again; admins only; audited)',
    params: idParams(),
    status: 200,
    response: adminUserRowSchema,
    errors: {
      400: 'your own account',
      401: NO_SESSION_401,
      403: `you are not an admin (reason \`forbidden\`), or ${CSRF_403}`,
      404: 'no user has that id (or it was deleted already)',
      409: 'it is the last active admin (reason `last_admin`)',
    },
  }),
  adminAdjustWallet: defineOperation({
    method: 'post',
    path: '/admin/users/{id}/wallet-adjustments',
    tags: ['admin'],
    access: 'admin',
    summary: "Credit or debit a user's wallet through the ledger, with a reason (admins only; audited)",
    description:
      'One ledger transfer between the house and the wallet, written with its audit row in one transaction; the wallet shows "Adjustment by an admin: {reason}". A debit cannot take the wallet below zero.',
    params: idParams(),
    body: walletAdjustmentRequestSchema,
    status: 201,
    response: walletAdjustmentResponseSchema,
    errors: {
      400: 'a field is missing or invalid (each is named in `errors`)',
      401: NO_SESSION_401,
      403: `you are not an admin (reason \`forbidden\`), or ${CSRF_403}`,
      404: 'no user has that id (or it was deleted)',
      409: 'the wallet holds less than the debit (reason `insufficient_funds`)',
    },
  }),
};
