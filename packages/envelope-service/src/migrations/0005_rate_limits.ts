import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/** Scaffold: API rate-limit counters. */
export function rateLimitsMigration(_dialect: DialectName) {
  return {
    async up(_db: Kysely<unknown>) {},
  }
}
