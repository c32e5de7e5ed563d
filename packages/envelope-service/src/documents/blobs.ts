import { createHash } from 'node:crypto'
import type { DbOrTx } from '../database.js'

/** The id of some bytes in the blob store: their SHA-256 digest in lower-case hex. */
export const blobIdOf = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

/**
 * Stores document bytes and returns their id. Idempotent: the same bytes always give the same id
 * and are kept once, however many templates and envelopes refer to them.
 */
export async function putBlob(db: DbOrTx, bytes: Uint8Array, now: number = Date.now()): Promise<string> {
  const id = blobIdOf(bytes)
  await db
    .insertInto('document_blobs')
    .values({ id, size: bytes.byteLength, content: bytes, created_at: new Date(now).toISOString() })
    .onConflict((conflict) => conflict.column('id').doNothing())
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
