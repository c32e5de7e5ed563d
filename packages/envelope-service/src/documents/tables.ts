/**
 * Row types of the shared document blob store. Templates and envelopes reference blobs by id; the id is
 * the SHA-256 hex digest of the bytes, so storing the same document twice keeps one copy. Blobs no
 * template or envelope refers to are deleted by the sweep (blobs.ts) once `stored_at` is old enough.
 */
export interface DocumentBlobsTable {
  id: string
  size: number
  content: Uint8Array
  /** When the bytes were last stored (ISO): set on insert, refreshed when stored again. */
  stored_at: string
}

export interface DocumentTables {
  document_blobs: DocumentBlobsTable
}
