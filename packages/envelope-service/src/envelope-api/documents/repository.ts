import type { DbOrTx } from '../../database.js'
import type { TabsByType } from '../../tabs/model.js'
import type { TemplateDocument } from '../../templates/model.js'

/** An envelope document as written: a document with its DocuSign `documentIdGuid`. */
export type EnvelopeDocumentRow = TemplateDocument & { documentIdGuid: string }

/**
 * Writes an envelope's documents as given (all of them: rows not given are deleted) and the recipients'
 * tabs that changed, inside the caller's transaction (the lifecycle's write path, service.ts).
 */
export async function storeDocumentChange(
  tx: DbOrTx,
  envelopeId: string,
  documents: readonly EnvelopeDocumentRow[],
  tabs: ReadonlyMap<string, TabsByType>,
): Promise<void> {
  await tx.deleteFrom('envelope_documents').where('envelope_id', '=', envelopeId).execute()
  if (documents.length > 0) {
    await tx
      .insertInto('envelope_documents')
      .values(
        documents.map((document) => ({
          envelope_id: envelopeId,
          document_id: document.documentId,
          document_id_guid: document.documentIdGuid,
          name: document.name,
          file_extension: document.fileExtension,
          pages: document.pages,
          position: document.order,
          blob_id: document.blobId,
          original_blob_id: document.original?.blobId ?? null,
          original_extension: document.original?.extension ?? null,
        })),
      )
      .execute()
  }
  for (const [recipientId, recipientTabs] of tabs) {
    await tx
      .updateTable('envelope_recipients')
      .set({ tabs: JSON.stringify(recipientTabs) })
      .where('envelope_id', '=', envelopeId)
      .where('recipient_id', '=', recipientId)
      .execute()
  }
}
