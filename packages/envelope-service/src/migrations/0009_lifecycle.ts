import { type Kysely, sql } from 'kysely'
import type { DialectName } from 'platform'

/**
 * The envelope lifecycle: when each envelope and recipient moved, what signers entered and adopted,
 * signing links (only their hashes), the tamper-evident audit trail, the sealed results, and the
 * development mailbox.
 */
export function lifecycleMigration(dialect: DialectName) {
  const epochMs = dialect === 'postgres' ? sql`bigint` : sql`integer`
  return {
    async up(db: Kysely<unknown>) {
      for (const column of [
        'delivered_at',
        'completed_at',
        'declined_at',
        'voided_at',
        'voided_reason',
        'last_reminder_at',
        'expiry_warned_at',
      ]) {
        await db.schema.alterTable('envelopes').addColumn(column, 'text').execute()
      }
      // Compare-and-set of every transition: two processes acting on one envelope never both win.
      await db.schema
        .alterTable('envelopes')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()

      for (const column of ['delivered_at', 'signed_at', 'declined_at', 'declined_reason']) {
        await db.schema.alterTable('envelope_recipients').addColumn(column, 'text').execute()
      }
      // JSON object of the values the recipient entered, by tab id.
      await db.schema
        .alterTable('envelope_recipients')
        .addColumn('tab_values', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute()

      await db.schema
        .createTable('recipient_adoptions')
        .addColumn('envelope_id', 'text', (c) => c.notNull().references('envelopes.id').onDelete('cascade'))
        .addColumn('recipient_id', 'text', (c) => c.notNull())
        .addColumn('signature_png', 'text')
        .addColumn('initials_png', 'text')
        .addColumn('ip_address', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('viewed_ip_address', 'text')
        .addColumn('viewed_user_agent', 'text')
        .addPrimaryKeyConstraint('recipient_adoptions_pk', ['envelope_id', 'recipient_id'])
        .execute()

      await db.schema
        .createTable('signing_links')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('envelope_id', 'text', (c) => c.notNull().references('envelopes.id').onDelete('cascade'))
        .addColumn('recipient_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('return_url', 'text')
        .addColumn('created_at', sql`${epochMs}`, (c) => c.notNull())
        .addColumn('expires_at', sql`${epochMs}`, (c) => c.notNull())
        .addColumn('used_at', sql`${epochMs}`)
        .execute()
      await db.schema
        .createIndex('signing_links_recipient')
        .on('signing_links')
        .columns(['envelope_id', 'recipient_id'])
        .execute()

      await db.schema
        .createTable('audit_events')
        .addColumn('envelope_id', 'text', (c) => c.notNull().references('envelopes.id').onDelete('cascade'))
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('entry', 'text', (c) => c.notNull())
        .addColumn('previous_hash', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('audit_events_pk', ['envelope_id', 'sequence'])
        .execute()

      // The sealed results, in the blob store: `part` is `combined`, `certificate` or a documentId.
      await db.schema
        .createTable('envelope_signed_documents')
        .addColumn('envelope_id', 'text', (c) => c.notNull().references('envelopes.id').onDelete('cascade'))
        .addColumn('part', 'text', (c) => c.notNull())
        .addColumn('blob_id', 'text', (c) => c.notNull().references('document_blobs.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('envelope_signed_documents_pk', ['envelope_id', 'part'])
        .execute()
      await db.schema
        .createIndex('envelope_signed_documents_blob')
        .on('envelope_signed_documents')
        .column('blob_id')
        .execute()

      await db.schema
        .createTable('dev_mailbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
    },
  }
}
