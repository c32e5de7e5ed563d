/** Row types of the ratelimit domain. Conventions: see identity/tables.ts. */

/** Which limit a counter belongs to: the clock hour or the 30-second burst window. */
export type RateLimitWindowKind = 'hour' | 'burst'

/** Calls an account made in one window; `window_start` is epoch ms. One row per account, kind and window. */
export interface RateLimitCountersTable {
  account_id: string
  window_kind: RateLimitWindowKind
  window_start: number
  count: number
}

export interface RateLimitTables {
  rate_limit_counters: RateLimitCountersTable
}
