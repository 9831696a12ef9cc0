/** Every free-racing query sits under this key: a start or a pick invalidates them together. */
export const FREE_QUERY_KEY = ['free'] as const;
