import { NotFoundError } from 'platform'
import type { DbOrTx } from '../database.js'
import { getBlob } from '../documents/blobs/repository.js'
import { findUser } from '../identity/repository.js'
import { combinePdfs } from './combined-pdf.js'
import type { SystemFolder } from './folder.js'
import {
  type EnvelopeListQuery,
  type EnvelopeRecord,
  findCustomFields,
  findDocuments,
  findEnvelope,
  findRecipients,
  type ListPlan,
  listEnvelopes,
  type StoredCustomFields,
  type StoredEnvelopeDocument,
  type StoredRecipient,
} from './repository.js'

/**
 * The envelope's read side: one envelope of an account (or 404), its parts, its PDFs, the status-change
 * list. SQL and row mapping stay in repository.ts.
 */

/**
 * `GET /envelopes`. With `folder_ids` (already parsed), only the envelopes in those folders; the inbox is
 * the caller's, so their email is looked up.
 */
export async function listStatusChanges(
  db: DbOrTx,
  query: Omit<EnvelopeListQuery, 'folders'> & {
    folders?: { ids: readonly SystemFolder[]; callerUserId: string }
  },
  plan?: ListPlan,
) {
  const { folders, ...rest } = query
  if (!folders) return listEnvelopes(db, rest, plan)
  const callerEmail = (await findUser(db, folders.callerUserId))?.email ?? ''
  return listEnvelopes(db, { ...rest, folders: { ids: folders.ids, callerEmail } }, plan)
}

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

/**
 * Documents as anchor tabs are searched in them (tabs/anchor-places.ts): bytes from `known` (a create's
 * inline documents, not stored yet) or the blob store, read only when their text is not already known.
 */
export const searchedDocuments = <D extends { blobId: string }>(
  db: DbOrTx,
  documents: readonly D[],
  known?: ReadonlyMap<string, Uint8Array>,
) =>
  documents.map((document) => ({
    ...document,
    bytes: async () => {
      const bytes = known?.get(document.blobId) ?? (await getBlob(db, document.blobId))
      if (!bytes) throw new Error(`The bytes of blob ${document.blobId} are missing`)
      return bytes
    },
  }))

/** Every document of the envelope joined into one PDF, in document order. */
export async function combinedPdf(db: DbOrTx, documents: StoredEnvelopeDocument[]): Promise<Uint8Array> {
  const contents = await Promise.all(documents.map((document) => getBlob(db, document.blobId)))
  return combinePdfs(contents.filter((content): content is Uint8Array => content !== undefined))
}

export const envelopeNotFound = (envelopeId: string) =>
  new NotFoundError(`Envelope ${envelopeId} was not found in this account`)

/** The envelope of the account, or 404 RESOURCE_NOT_FOUND (also for another account's envelope). */
export async function envelopeOrFail(
  db: DbOrTx,
  accountId: string,
  envelopeId: string,
): Promise<EnvelopeRecord> {
  const envelope = await findEnvelope(db, accountId, envelopeId)
  if (!envelope) throw envelopeNotFound(envelopeId)
  return envelope
}
