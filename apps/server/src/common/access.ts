import type { ApiAccess } from '@furlong/contracts';

/** Who may call a route: the operation's access level (contracts' ApiAccess). */
export type Access = ApiAccess;

/** Where a route's access level is kept: set by @Endpoint from its operation (or by @Authenticated & co.). */
export const ACCESS_KEY = 'furlong:access';
