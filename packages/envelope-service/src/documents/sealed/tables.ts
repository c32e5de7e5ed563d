/**
 * The sealed results of a completed envelope, in the shared blob store: `part` is `combined` (every
 * signed document, then the certificate), `certificate`, or the `documentId` of one signed document.
 */
export interface EnvelopeSignedDocumentsTable {
  envelope_id: string
  part: string
  blob_id: string
  created_at: string
}

export interface CompletionTables {
  envelope_signed_documents: EnvelopeSignedDocumentsTable
}
