import { type Kysely, sql } from 'kysely'
import type { DialectName } from 'platform'

/**
 * `envelopes_moved (folder, account_id, status_changed_at, id) where folder is not null`: the envelopes
 * a client moved (folder.ts stores a folder only when it differs from the one the status implies), a
 * small part of the table. The inbox reads the ones moved there as one index range beside the
 * caller's recipient rows, instead of walking the account's whole list index (BENCHMARKS.md, "Dashboard
 * list"); the recycle bin's page and count read their own range in page order. Partial, so the other
 * envelopes' writes do not maintain it; `folder = ...` implies the index's condition on both databases.
 */
export function envelopeMovedIndexMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('envelopes_moved')
        .on('envelopes')
        .columns(['folder', 'account_id', 'status_changed_at', 'id'])
        .where(sql.ref('folder'), 'is not', null)
        .execute()
    },
  }
}
