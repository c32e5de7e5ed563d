import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * The envelope workflow (scheduled sending, paused and delayed routing, see workflow/): its state as
 * JSON beside the envelope, written by the lifecycle's one write path with the envelope's version, and
 * the instant its next wait ends, indexed so that the workflow job finds due envelopes without reading
 * the others.
 */
export function workflowMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('envelopes').addColumn('workflow', 'text').execute()
      await db.schema.alterTable('envelopes').addColumn('workflow_resume_at', 'text').execute()
      await db.schema
        .createIndex('envelopes_workflow_resume_at')
        .on('envelopes')
        .column('workflow_resume_at')
        .execute()
    },
  }
}
