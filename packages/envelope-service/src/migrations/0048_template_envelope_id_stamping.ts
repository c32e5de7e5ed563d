import type { Kysely } from 'kysely'

/**
 * DocuSign's `envelopeIdStamping` on templates: 0 when the template says `"false"`, so the envelopes made
 * from it print no envelope id on their completed pages unless they say otherwise; 1 (DocuSign's default)
 * otherwise. Envelopes have had the column since 0032.
 */
export function templateEnvelopeIdStampingMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('templates')
        .addColumn('envelope_id_stamping', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()
    },
  }
}
