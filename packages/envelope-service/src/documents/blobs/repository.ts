import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { DbOrTx } from '../../database.js'

/** The id of some bytes in the blob store: their SHA-256 digest in lower-case hex. */
export const blobIdOf = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

/**
 * How long a blob no template or envelope refers to is kept after it was last stored. It covers the
 * gap between storing a document's bytes and committing the template or envelope that refers to them.
 */
export const BLOB_GRACE_MS = 60 * 60_000
/**
 * Storing bytes that are already there refreshes their `stored_at` only when it is older than this:
 * on SQLite an update rewrites the whole row, content included, so a document sent with every
 * envelope is not rewritten every time. Well below the grace period, so a refreshed blob always
 * outlives the request that stored it.
 */
const BLOB_REFRESH_MS = 10 * 60_000

/**
 * Stores document bytes and returns their id. Idempotent: the same bytes always give the same id
 * and are kept once, however many templates and envelopes refer to them.
 */
export async function putBlob(db: DbOrTx, bytes: Uint8Array, now: number = Date.now()): Promise<string> {
  const id = blobIdOf(bytes)
  await db
    .insertInto('document_blobs')
    .values({ id, size: bytes.byteLength, content: bytes, stored_at: new Date(now).toISOString() })
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet((eb) => ({ stored_at: eb.ref('excluded.stored_at') }))
        .where('document_blobs.stored_at', '<', new Date(now - BLOB_REFRESH_MS).toISOString()),
    )
    .execute()
  return id
}

/** The bytes stored under `blobId`, or undefined when there are none. */
export async function getBlob(db: DbOrTx, blobId: string): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom('document_blobs')
    .select('content')
    .where('id', '=', blobId)
    .executeTakeFirst()
  return row ? new Uint8Array(row.content.buffer, row.content.byteOffset, row.content.byteLength) : undefined
}

/** The columns that refer to blobs (each with an index on it). */
const BLOB_REFERENCES = [
  ['template_documents', 'blob_id'],
  ['envelope_documents', 'blob_id'],
  ['envelope_signed_documents', 'blob_id'],
  // The originals of converted documents (migration 0011).
  ['template_documents', 'original_blob_id'],
  ['envelope_documents', 'original_blob_id'],
  // Envelope attachments (migration 0023).
  ['envelope_attachments', 'blob_id'],
] as const

/**
 * Deletes the blobs last stored before `storedBefore` (epoch ms) that no template or envelope document
 * refers to, e.g. the documents a template update replaced; with `among`, only those blobs (the purge's
 * candidates). Returns how many were deleted. The foreign keys stay the safety net: a blob referenced
 * meanwhile cannot be deleted.
 */
export async function deleteUnreferencedBlobs(
  db: DbOrTx,
  storedBefore: number,
  among?: readonly string[],
): Promise<number> {
  if (among?.length === 0) return 0
  let sweep = db.deleteFrom('document_blobs').where('stored_at', '<', new Date(storedBefore).toISOString())
  if (among) sweep = sweep.where('id', 'in', among)
  for (const [table, column] of BLOB_REFERENCES) {
    sweep = sweep.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom(table)
            .select(sql.lit(1).as('one'))
            .whereRef(db.dynamic.ref(`${table}.${column}`), '=', 'document_blobs.id'),
        ),
      ),
    )
  }
  const result = await sweep.executeTakeFirst()
  return Number(result.numDeletedRows)
}
