import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * Which attempt of its delivery each Connect log entry was (1 = first), so the metrics count retries
 * from the log and a log entry shows its `retryCount`. Null on entries written before this column.
 */
export function connectLogAttemptsMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('connect_logs').addColumn('attempt', 'integer').execute()
    },
  }
}
