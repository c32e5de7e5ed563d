import { normalizeExtension } from '../conversion/formats.js'

/**
 * What a raw document upload (DocuSign's `PUT .../documents/{documentId}`, the bytes as the body) is
 * read as. The official SDK always sends `Content-Type: application/pdf`; other clients name the format
 * by its media type, or send `application/octet-stream` and name it in `Content-Disposition`
 * (`file; filename="offer.docx"; fileExtension=docx`), as DocuSign documents for its multipart parts.
 * The extension decides, as for inline documents (formats.ts): an explicit `fileExtension`, else the
 * media type's, else the bytes (a PDF) or the file name's.
 */

const EXTENSIONS_BY_MEDIA_TYPE: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'text/html': 'html',
  'text/plain': 'txt',
  'text/rtf': 'rtf',
  'application/rtf': 'rtf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.openxmlformats-officedocument.presentationml.slideshow': 'ppsx',
  'application/vnd.oasis.opendocument.presentation': 'odp',
}

/** Media types that say nothing of the format: the name or `fileExtension` must. */
const UNTYPED = new Set(['application/octet-stream', 'binary/octet-stream'])

export interface RawUploadHeaders {
  /** The media type without parameters, lower-case. */
  mediaType: string
  /** From `Content-Disposition`. */
  fileName?: string
  fileExtension?: string
}

/** Reads the two headers that describe a raw upload. */
export function rawUploadHeaders(
  contentType: string | undefined,
  contentDisposition: string | undefined,
): RawUploadHeaders {
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  const parameters = dispositionParameters(contentDisposition ?? '')
  const fileName = parameters.get('filename')
  const fileExtension = parameters.get('fileextension')
  return {
    mediaType,
    ...(fileName !== undefined && fileName !== '' ? { fileName } : {}),
    ...(fileExtension !== undefined && fileExtension !== '' ? { fileExtension } : {}),
  }
}

/** Whether this service reads uploads of this media type. */
export const isDocumentMediaType = (mediaType: string): boolean =>
  Object.hasOwn(EXTENSIONS_BY_MEDIA_TYPE, mediaType) || UNTYPED.has(mediaType)

/**
 * The `fileExtension` a raw upload is converted as, when the headers say; undefined leaves it to
 * readDocumentBytes, as for an inline document without one (PDF bytes are a PDF, else the name's
 * extension). `application/pdf` says nothing either: the official SDK sends it whatever the bytes are.
 */
export function rawUploadExtension(headers: RawUploadHeaders): string | undefined {
  if (headers.fileExtension !== undefined) return normalizeExtension(headers.fileExtension)
  if (UNTYPED.has(headers.mediaType) || headers.mediaType === 'application/pdf') return undefined
  return EXTENSIONS_BY_MEDIA_TYPE[headers.mediaType]
}

/** `name=value` pairs after the disposition type; names lower-cased, quoted values unquoted. */
function dispositionParameters(header: string): Map<string, string> {
  const parameters = new Map<string, string>()
  for (const match of header.matchAll(/;\s*([A-Za-z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g)) {
    const name = (match[1] as string).toLowerCase()
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '').trim()
    parameters.set(name, value)
  }
  return parameters
}
