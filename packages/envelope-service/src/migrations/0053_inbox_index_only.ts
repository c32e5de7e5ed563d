import { type Kysely, sql } from 'kysely'
import type { DialectName } from 'platform'

/**
 * The inbox's recipient lookup read from its index alone on PostgreSQL (BENCHMARKS.md, "Dashboard list",
 * 2026-12-07). `envelope_recipients_lower_email (lower(email), envelope_id)` (migration 0026) holds all
 * the inbox reads, but PostgreSQL takes an index-only scan only when the columns an expression is built
 * from are in the index too, so it visited the table for each of the caller's recipient rows: 5,000 page
 * reads per dashboard inbox at 100,000 envelopes. With `email` included it reads the index alone. SQLite
 * already reads that index as covering; it is left as it is.
 */
export function inboxIndexOnlyMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return
      await db.schema.dropIndex('envelope_recipients_lower_email').execute()
      await sql`create index envelope_recipients_lower_email on envelope_recipients (lower(email), envelope_id) include (email)`.execute(
        db,
      )
    },
  }
}
