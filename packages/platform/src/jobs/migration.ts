import { type Kysely, sql } from 'kysely'
import type { DialectName } from '../database/connect.js'

/** The `jobs` table; each service adds it to its own migration set (its tables, its schema). */
export function jobsMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('jobs')
        .addColumn('name', 'text', (column) => column.primaryKey())
        .addColumn('next_run_at', 'bigint')
        .addColumn('requested_run_at', 'bigint')
        .addColumn('lease_owner', 'text')
        .addColumn('lease_expires_at', 'bigint')
        .addColumn('last_started_at', 'bigint')
        .addColumn('last_finished_at', 'bigint')
        .addColumn('failures', 'integer', (column) => column.notNull().defaultTo(sql`0`))
        .addColumn('last_error', 'text')
        .execute()
    },
  }
}
