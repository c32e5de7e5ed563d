import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * Edit locks on envelopes and templates (locks/): at most one per resource, with the token every write
 * to the resource must carry while the lock lasts. An expired row is simply replaced by the next lock.
 */
export function editLocksMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('edit_locks')
        .addColumn('resource_type', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('lock_token', 'text', (c) => c.notNull())
        .addColumn('locked_by_app', 'text', (c) => c.notNull())
        .addColumn('duration_seconds', 'integer', (c) => c.notNull())
        .addColumn('locked_until', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('edit_locks_pk', ['resource_type', 'resource_id'])
        .execute()
    },
  }
}
