import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * Document originals: a document sent in another format (DOCX, HTML, an image, ...) is stored as the
 * PDF it was converted to, and its original bytes (a blob too) and extension beside it. Both columns
 * are null for documents sent as PDFs. Indexed because the blob sweep asks whether a blob is still
 * some document's original.
 */
export function documentOriginalsMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['template_documents', 'envelope_documents']) {
        await db.schema
          .alterTable(table)
          .addColumn('original_blob_id', 'text', (c) => c.references('document_blobs.id'))
          .execute()
        await db.schema.alterTable(table).addColumn('original_extension', 'text').execute()
        await db.schema.createIndex(`${table}_original_blob`).on(table).column('original_blob_id').execute()
      }
    },
  }
}
