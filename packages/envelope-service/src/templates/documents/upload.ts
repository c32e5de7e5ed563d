import { InvalidRequestError } from 'platform'
import type { DbOrTx } from '../../database.js'
import { putBlob } from '../../documents/blobs/repository.js'
import {
  allInOrder,
  type ConvertedDocument,
  type DocumentConverter,
  readDocumentBytes,
  readInlineDocument,
} from '../../documents/conversion/converter.js'
import { ACCEPTED_EXTENSIONS } from '../../documents/conversion/formats.js'
import {
  isDocumentMediaType,
  rawUploadExtension,
  rawUploadHeaders,
} from '../../documents/raw-upload/media-types.js'
import type { RawUpload } from '../../documents/raw-upload/parser.js'
import type { DocumentPut } from './changes.js'

/** A document of a `PUT .../documents` body (DocuSign's `document`, as esign-contract declares it). */
export interface DocumentUpload {
  documentId: string
  name: string
  fileExtension?: string | undefined
  documentBase64: string
  order?: string | undefined
}

/**
 * Converts the documents of a write as the create paths do (readInlineDocument: strict base64, any
 * accepted format to PDF, 400 naming `documents[i]`), concurrently as the converter's pool allows, then
 * stores their bytes in the blob store (outside any transaction): ready for `putDocuments`.
 */
export async function uploadDocuments(
  db: DbOrTx,
  converter: DocumentConverter,
  uploads: readonly DocumentUpload[],
  now: number,
): Promise<DocumentPut[]> {
  const converted = await allInOrder(
    uploads.map((upload, index) => readInlineDocument(converter, upload, `documents[${index}]`)),
  )
  const puts: DocumentPut[] = []
  for (const [index, upload] of uploads.entries()) {
    puts.push(
      await storeConverted(db, converted[index] as ConvertedDocument, now, {
        documentId: upload.documentId,
        name: upload.name,
        ...(upload.order !== undefined ? { order: Number(upload.order) } : {}),
      }),
    )
  }
  return puts
}

/**
 * A raw upload (a document's bytes as the request body, documents/raw-upload/) converted as an inline
 * document is, and stored: named by `Content-Disposition`'s file name, else `keptName` (the name of the
 * document it replaces), else `Document N`.
 */
export async function uploadRawDocument(
  db: DbOrTx,
  converter: DocumentConverter,
  now: number,
  upload: RawUpload & { documentId: string; keptName: string | undefined },
): Promise<DocumentPut> {
  const headers = rawUploadHeaders(upload.contentType, upload.contentDisposition)
  if (!isDocumentMediaType(headers.mediaType)) {
    throw new InvalidRequestError(
      `Content-Type "${headers.mediaType}" is not a document type this service reads: send application/pdf, ` +
        `application/octet-stream with a file name, or the media type of one of ${ACCEPTED_EXTENSIONS.join(', ')}`,
    )
  }
  if (upload.bytes.byteLength === 0) {
    throw new InvalidRequestError('The request body must be the document, and must not be empty')
  }
  const name = headers.fileName ?? upload.keptName ?? `Document ${upload.documentId}`
  const converted = await readDocumentBytes(
    converter,
    upload.bytes,
    { fileExtension: rawUploadExtension(headers), name },
    'document',
  )
  return storeConverted(db, converted, now, { documentId: upload.documentId, name })
}

/** Stores a converted document's PDF (and its original) and describes it as a document put. */
async function storeConverted(
  db: DbOrTx,
  converted: ConvertedDocument,
  now: number,
  document: { documentId: string; name: string; order?: number },
): Promise<DocumentPut> {
  const blobId = await putBlob(db, converted.pdf, now)
  const original = converted.original
    ? { blobId: await putBlob(db, converted.original.bytes, now), extension: converted.original.extension }
    : undefined
  return {
    ...document,
    // The stored document is a PDF whatever was sent; the original keeps the format it came in.
    fileExtension: 'pdf',
    pages: converted.pages,
    blobId,
    ...(original ? { original } : {}),
  }
}
