import { type Kysely, sql } from 'kysely'
import type { DialectName } from 'platform'

/** Files the sender keeps with an envelope (DocuSign's envelope attachments), their bytes in the blob store. */
export function envelopeAttachmentsMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('envelope_attachments')
        .addColumn('envelope_id', 'text', (c) => c.notNull().references('envelopes.id').onDelete('cascade'))
        .addColumn('attachment_id', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('attachment_type', 'text', (c) => c.notNull())
        .addColumn('access_control', 'text', (c) => c.notNull())
        .addColumn('blob_id', 'text', (c) => c.notNull().references('document_blobs.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('envelope_attachments_pk', ['envelope_id', 'attachment_id'])
        .execute()
      // The blob sweep asks, for each blob, whether anything refers to it.
      await sql`create index envelope_attachments_blob on envelope_attachments (blob_id)`.execute(db)
    },
  }
}
