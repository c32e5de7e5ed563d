import type { Kysely } from 'kysely'

/**
 * Fewer index writes per envelope create (BENCHMARKS.md, "Envelope create: where its CPU went"):
 * - `envelopes_account_status_changed (account_id, status_changed_at)` goes: `envelopes_account_list`
 *   (migration 0026) begins with the same two columns, so every query it served is served by that one.
 * - `envelopes_deleted_at` and `envelopes_workflow_resume_at` index only the envelopes that have the
 *   value (those in the recycle bin, those waiting to resume). Both columns are NULL for nearly every
 *   envelope, and the only queries on them (the purge's `deleted_at < ?`, the resume sweep's
 *   `workflow_resume_at <= ?`) compare the value, which implies it is not null: SQLite and PostgreSQL use a
 *   partial index for such a query, and a new envelope no longer writes an entry into either.
 */
export function leanerEnvelopeIndexesMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('envelopes_account_status_changed').execute()
      await db.schema.dropIndex('envelopes_deleted_at').execute()
      await db.schema
        .createIndex('envelopes_deleted_at')
        .on('envelopes')
        .column('deleted_at')
        .where('deleted_at', 'is not', null)
        .execute()
      await db.schema.dropIndex('envelopes_workflow_resume_at').execute()
      await db.schema
        .createIndex('envelopes_workflow_resume_at')
        .on('envelopes')
        .column('workflow_resume_at')
        .where('workflow_resume_at', 'is not', null)
        .execute()
    },
  }
}
