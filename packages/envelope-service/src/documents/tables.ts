/**
 * Row types of the shared document blob store. Templates and envelopes reference blobs by id; the id is
 * the SHA-256 hex digest of the bytes, so storing the same document twice keeps one copy.
 */
export interface DocumentBlobsTable {
  id: string
  size: number
  content: Uint8Array
  created_at: string
}

export interface DocumentTables {
  document_blobs: DocumentBlobsTable
}
