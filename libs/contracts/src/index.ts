/** A page of a list endpoint: GET /api/{kind}. */
export interface ListResponse<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

/** GET /api/health */
export interface HealthResponse {
  status: 'ok' | 'degraded';
  database: 'up' | 'down';
  redis: 'up' | 'down' | 'disabled';
}

/** Every error body: the status, its name, a readable message and, for 400s, each bad field. */
export interface ApiErrorResponse {
  statusCode: number;
  error: string;
  message: string;
  errors?: { field: string; reason: string }[];
  /** A machine-readable cause where the client acts on it (e.g. `session_expired`). */
  reason?: string;
}

export * from './accounts';
export * from './catalog-kinds';
export * from './past-performance';
export * from './program';
export * from './race-events';
export * from './stats';
export * from './wagering';
