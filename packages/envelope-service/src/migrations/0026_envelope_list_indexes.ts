import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * Indexes for the dashboard's list (`GET /envelopes` by folder, status, search and page, newest change
 * first). The list and its count filter an account's envelopes by status and page them by status change
 * time: `(account_id, status, status_changed_at)` answers a status filter from the index alone, and
 * `(account_id, status_changed_at, id)` walks an account's envelopes newest first for a page without
 * sorting. The inbox and the recipient search look recipients up by envelope (their primary key) and
 * match the lower-cased email, which `(lower(email), envelope_id)` finds for the inbox.
 */
export function envelopeListIndexesMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('envelopes_account_status_changed_at')
        .on('envelopes')
        .columns(['account_id', 'status', 'status_changed_at'])
        .execute()
      await db.schema
        .createIndex('envelopes_account_changed_id')
        .on('envelopes')
        .columns(['account_id', 'status_changed_at', 'id'])
        .execute()
    },
  }
}
