import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * DocuSign's `allowReassign` and the signer's reassign (issue 21, docs/decisions.md "Reassign"):
 * - `envelopes.allow_reassign`: 1 when the envelope lets its signers assign their part to someone else.
 * - `templates.allow_reassign`: 1 or 0 as the template set it, null when it did not (its envelopes then
 *   keep the default).
 * - `envelope_recipients.reassigned_to`: on a signer who reassigned, the recipient id of the signer who
 *   replaced them; null otherwise.
 */
export function reassignMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('envelopes')
        .addColumn('allow_reassign', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema.alterTable('templates').addColumn('allow_reassign', 'integer').execute()
      await db.schema.alterTable('envelope_recipients').addColumn('reassigned_to', 'text').execute()
    },
  }
}
