import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/** API rate-limit counters: one row per account, window kind and window, incremented atomically. */
export function rateLimitsMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limit_counters')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('window_kind', 'text', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_limit_counters_pk', ['account_id', 'window_kind', 'window_start'])
        .execute()
      // Pruning deletes by age; an update of `count` never touches this index.
      await db.schema
        .createIndex('rate_limit_counters_window_start')
        .on('rate_limit_counters')
        .column('window_start')
        .execute()
    },
  }
}
