/**
 * The original of a converted document (migration 0011): the bytes the client sent, kept as a blob
 * beside the PDF the service works on, and their extension. Documents sent as PDFs have none.
 */
export interface DocumentOriginal {
  blobId: string
  /** Lower-case, e.g. `docx`. */
  extension: string
}

/** The `original` field of a stored document row, absent when the row has none. */
export function originalOf(row: { original_blob_id: string | null; original_extension: string | null }): {
  original?: DocumentOriginal
} {
  return row.original_blob_id !== null && row.original_extension !== null
    ? { original: { blobId: row.original_blob_id, extension: row.original_extension } }
    : {}
}
