import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * `accounts.second_factor_required_since`: when an administrator began to require two-step sign-in of
 * everyone in the account (epoch ms; null: not required). A member without it is asked to set it up at
 * their next sign-in, and their sessions opened before that moment end at their next refresh
 * (identity/second-factor/).
 */
export function requiredSecondFactorMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('accounts').addColumn('second_factor_required_since', 'bigint').execute()
    },
  }
}
