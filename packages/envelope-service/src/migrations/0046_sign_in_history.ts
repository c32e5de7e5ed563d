import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * `sign_in_events`: each user's recent sign-ins and refused attempts (identity/sign-in-history/), the
 * newest 100 per user, so a person can see on the Security screen whether someone else has tried.
 */
export function signInHistoryMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sign_in_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('method', 'text')
        .addColumn('client_id', 'text')
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute()
      await db.schema
        .createIndex('sign_in_events_user_at')
        .on('sign_in_events')
        .columns(['user_id', 'at'])
        .execute()
    },
  }
}
