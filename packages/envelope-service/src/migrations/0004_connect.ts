import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/** Scaffold: Connect configurations. */
export function connectMigration(_dialect: DialectName) {
  return {
    async up(_db: Kysely<unknown>) {},
  }
}
