/** Row types of the ratelimit domain: API rate-limit counters. Conventions: see identity/tables.ts. */
export type RateLimitTables = {}
