import type { DbOrTx } from '../database.js'
import { getBlob } from '../documents/blobs.js'
import { combinePdfs } from './combined-pdf.js'
import {
  type EnvelopeListQuery,
  findCustomFields,
  findDocuments,
  findRecipients,
  listEnvelopes,
  type StoredCustomFields,
  type StoredEnvelopeDocument,
  type StoredRecipient,
} from './repository.js'

/** The read side of the envelope API, for the routes: one envelope's parts, its PDFs, status changes. */

export const listStatusChanges = (db: DbOrTx, query: EnvelopeListQuery) => listEnvelopes(db, query)

export async function recipientsOf(db: DbOrTx, envelopeId: string): Promise<StoredRecipient[]> {
  return (await findRecipients(db, [envelopeId])).get(envelopeId) ?? []
}

export async function documentsOf(db: DbOrTx, envelopeId: string): Promise<StoredEnvelopeDocument[]> {
  return (await findDocuments(db, [envelopeId])).get(envelopeId) ?? []
}

export async function customFieldsOf(db: DbOrTx, envelopeId: string): Promise<StoredCustomFields> {
  return (
    (await findCustomFields(db, [envelopeId])).get(envelopeId) ?? {
      textCustomFields: [],
      listCustomFields: [],
    }
  )
}

/** One document's PDF, or undefined when its bytes are gone. */
export const documentPdf = (db: DbOrTx, document: StoredEnvelopeDocument) => getBlob(db, document.blobId)

/** Every document of the envelope joined into one PDF, in document order. */
export async function combinedPdf(db: DbOrTx, documents: StoredEnvelopeDocument[]): Promise<Uint8Array> {
  const contents = await Promise.all(documents.map((document) => getBlob(db, document.blobId)))
  return combinePdfs(contents.filter((content): content is Uint8Array => content !== undefined))
}
