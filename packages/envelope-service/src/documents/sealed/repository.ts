import type { DbOrTx } from '../../database.js'
import { putBlob } from '../blobs/repository.js'

/** The sealed results of completed envelopes: stored once, read by the document downloads. */

/** What completion seals: the combined PDF, the certificate alone, and each document with its values. */
export interface SealedParts {
  combinedPdf: Uint8Array
  certificatePdf: Uint8Array
  documents: readonly { documentId: string; bytes: Uint8Array }[]
  /** The combined PDF of the documents some recipients may receive, for each such set (visibility). */
  restrictedCombined?: readonly { documentIds: readonly string[]; bytes: Uint8Array }[]
}

export const COMBINED_PART = 'combined'
export const CERTIFICATE_PART = 'certificate'

/** The part of the combined PDF of only these documents (in envelope order), for restricted recipients. */
export const restrictedCombinedPart = (documentIds: readonly string[]) => `combined:${documentIds.join(',')}`

/**
 * Stores the sealed results; false when they were already stored (a completion job that ran again
 * after a crash), in which case nothing is written.
 */
export async function storeSignedDocuments(
  tx: DbOrTx,
  envelopeId: string,
  completed: SealedParts,
  now: number,
): Promise<boolean> {
  const existing = await tx
    .selectFrom('envelope_signed_documents')
    .select('part')
    .where('envelope_id', '=', envelopeId)
    .where('part', '=', COMBINED_PART)
    .executeTakeFirst()
  if (existing) return false
  const parts = [
    { part: COMBINED_PART, bytes: completed.combinedPdf },
    { part: CERTIFICATE_PART, bytes: completed.certificatePdf },
    ...completed.documents.map((document) => ({ part: document.documentId, bytes: document.bytes })),
    ...(completed.restrictedCombined ?? []).map((combined) => ({
      part: restrictedCombinedPart(combined.documentIds),
      bytes: combined.bytes,
    })),
  ]
  const createdAt = new Date(now).toISOString()
  for (const { part, bytes } of parts) {
    const blobId = await putBlob(tx, bytes, now)
    await tx
      .insertInto('envelope_signed_documents')
      .values({ envelope_id: envelopeId, part, blob_id: blobId, created_at: createdAt })
      .execute()
  }
  return true
}

/** The blob of a sealed part (`combined`, `certificate` or a documentId), if the envelope completed. */
export async function findSignedPart(
  db: DbOrTx,
  envelopeId: string,
  part: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('envelope_signed_documents')
    .select('blob_id')
    .where('envelope_id', '=', envelopeId)
    .where('part', '=', part)
    .executeTakeFirst()
  return row?.blob_id
}

/** Every sealed document of a completed envelope (not the combined PDF nor the certificate). */
export async function findSignedParts(db: DbOrTx, envelopeId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('envelope_signed_documents')
    .select(['part', 'blob_id'])
    .where('envelope_id', '=', envelopeId)
    .execute()
  return new Map(rows.map((row) => [row.part, row.blob_id]))
}
