import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * Two-step sign-in: a user's authenticator-app secret (`user_second_factors`, confirmed once the user
 * has typed a code it made; `last_step` is the last 30-second step accepted, so no code is taken twice)
 * and their single-use recovery codes (`user_recovery_codes`, SHA-256 of each).
 */
export function secondFactorMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_second_factors')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('confirmed_at', 'bigint')
        .addColumn('last_step', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('user_recovery_codes')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addPrimaryKeyConstraint('user_recovery_codes_pk', ['user_id', 'code_hash'])
        .execute()
    },
  }
}
