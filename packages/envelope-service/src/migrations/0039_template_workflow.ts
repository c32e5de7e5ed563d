import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * Issue 21, templates: a template's DocuSign `workflow` (JSON text as given, read whole, never queried)
 * and its `enforceSignerVisibility` (1 when set), which the envelopes made from it take. Its roles' own
 * settings (messages, note, excluded documents, default delivery) live in the roles' JSON.
 */
export function templateWorkflowMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('templates').addColumn('workflow', 'text').execute()
      await db.schema
        .alterTable('templates')
        .addColumn('enforce_signer_visibility', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
  }
}
