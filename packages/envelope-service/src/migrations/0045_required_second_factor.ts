import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * `accounts.require_second_factor`: 1 when an administrator requires two-step sign-in of everyone in
 * the account; a member without it is asked to set it up at their next sign-in (identity/second-factor/).
 */
export function requiredSecondFactorMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('accounts')
        .addColumn('require_second_factor', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
  }
}
