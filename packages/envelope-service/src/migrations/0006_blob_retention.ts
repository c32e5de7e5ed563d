import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * Blob retention: `document_blobs.created_at` becomes `stored_at`, refreshed when the same bytes are
 * stored again, so the sweep's grace period runs from the last store; envelope documents get the
 * index on `blob_id` that templates already have, for the sweep's "still referenced?" probe.
 */
export function blobRetentionMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('document_blobs').renameColumn('created_at', 'stored_at').execute()
      await db.schema
        .createIndex('envelope_documents_blob')
        .on('envelope_documents')
        .column('blob_id')
        .execute()
      await db.schema
        .createIndex('document_blobs_stored_at')
        .on('document_blobs')
        .column('stored_at')
        .execute()
    },
  }
}
