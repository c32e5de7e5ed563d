import { type Kysely, sql } from 'kysely'
import type { DialectName } from 'platform'

/**
 * Indexes for the dashboard's list (`GET /envelopes` by folder, status, search and page, newest change
 * first; BENCHMARKS.md, "Dashboard list"):
 * - `envelopes_account_list (account_id, status_changed_at, id, status, folder)`: a page walks an
 *   account's envelopes in status-change order (the id breaks ties) and stops after it, checking status
 *   and folder in the index; the total is counted from the index alone, without reading the rows.
 * - `envelope_recipients_lower_email (lower(email), envelope_id)`: the inbox, the envelopes addressed to
 *   the caller, as one index range instead of a recipient lookup per envelope.
 */
export function envelopeListIndexesMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('envelopes_account_list')
        .on('envelopes')
        .columns(['account_id', 'status_changed_at', 'id', 'status', 'folder'])
        .execute()
      await db.schema
        .createIndex('envelope_recipients_lower_email')
        .on('envelope_recipients')
        .expression(sql`lower(email), envelope_id`)
        .execute()
    },
  }
}
