import { type Kysely, sql } from 'kysely'
import type { DialectName } from 'platform'

/**
 * DocuSign's `useDisclosure` on envelopes and templates (1 "true", 0 "false", null when not given: the
 * account setting applies, which shows none), and each signer's acceptance of the Electronic Record and
 * Signature Disclosure: when and from where (signing/disclosure/), for the audit trail and the
 * certificate.
 */
export function electronicDisclosureMigration(dialect: DialectName) {
  const epochMs = dialect === 'postgres' ? sql`bigint` : sql`integer`
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['envelopes', 'templates']) {
        await db.schema.alterTable(table).addColumn('use_disclosure', 'integer').execute()
      }
      await db.schema
        .createTable('recipient_disclosures')
        .addColumn('envelope_id', 'text', (c) => c.notNull().references('envelopes.id').onDelete('cascade'))
        .addColumn('recipient_id', 'text', (c) => c.notNull())
        .addColumn('accepted_at', sql`${epochMs}`, (c) => c.notNull())
        .addColumn('ip_address', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('recipient_disclosures_pk', ['envelope_id', 'recipient_id'])
        .execute()
    },
  }
}
