import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * DocuSign properties the service used to refuse and now acts on (issue 21):
 * - `envelopes.envelope_id_stamping`: 0 when the sender set `envelopeIdStamping: "false"`; 1 (DocuSign's
 *   default) prints the envelope id at the top of each page of the completed documents.
 * - `envelope_recipients.note`: the sender's note to that recipient, shown on the signing page; null
 *   when none was given.
 * - `envelopes.enforce_signer_visibility` (1 when set) and `envelope_recipients.excluded_documents` (a
 *   JSON array of the envelope's document ids, or null): the documents a recipient never receives.
 */
export function signerPropertiesMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('envelopes')
        .addColumn('envelope_id_stamping', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()
      await db.schema
        .alterTable('envelopes')
        .addColumn('enforce_signer_visibility', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema.alterTable('envelope_recipients').addColumn('note', 'text').execute()
      await db.schema.alterTable('envelope_recipients').addColumn('excluded_documents', 'text').execute()
    },
  }
}
