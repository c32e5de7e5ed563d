import { ParseSpeeds, PDFDocument } from 'pdf-lib'
import { InvalidRequestError } from 'platform'

/** Limits on documents accepted by templates and envelopes. */
export const DOCUMENT_LIMITS = {
  /** Documents in one template or one envelope request. */
  maxDocuments: 50,
  /** Characters in a document name. */
  maxNameLength: 255,
  /**
   * Pages in one document. Pages can share their content, so a 120 KB PDF naming one page 20,000 times
   * was accepted, and reading it back whole (`documents/combined`, sealing) kept the event loop busy for
   * 7 s, every other request of the service waiting. At this limit that read takes under a second.
   */
  maxPages: 2000,
} as const

/** Any character outside the standard alphabet and its padding (a search, so no backtracking). */
const NOT_BASE64 = /[^A-Za-z0-9+/=]/
const PDF_MAGIC = '%PDF-'

/**
 * Decodes standard base64 strictly (RFC 4648 alphabet, correct padding, no whitespace): Node's own
 * decoder silently skips invalid characters, which would turn a corrupt upload into a different file.
 * Checked with a character search and index arithmetic rather than one anchored pattern of repeated
 * groups: V8 matches such a pattern recursively and overflows its stack at a few MiB of input.
 */
export function decodeBase64Strict(text: string, field: string): Uint8Array {
  if (text.length === 0) throw new InvalidRequestError(`${field} must not be empty`)
  if (!isStrictBase64(text)) throw new InvalidRequestError(`${field} is not valid base64`)
  const decoded = Buffer.from(text, 'base64')
  // A view of the decoded memory, not a copy: a 25 MiB upload is held once.
  return new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength)
}

function isStrictBase64(text: string): boolean {
  if (text.length % 4 !== 0 || NOT_BASE64.test(text)) return false
  const padding = text.indexOf('=')
  if (padding === -1) return true
  // Padding is one or two `=` that end the text.
  return padding >= text.length - 2 && (padding === text.length - 1 || text[text.length - 1] === '=')
}

/** Page count of PDF bytes; 400 naming `field` when the bytes are not a PDF with pages. */
export async function countPdfPages(bytes: Uint8Array, field: string): Promise<number> {
  const notPdf = () => new InvalidRequestError(`${field} is not a valid PDF`)
  if (Buffer.from(bytes.subarray(0, PDF_MAGIC.length)).toString('latin1') !== PDF_MAGIC) throw notPdf()
  let pages: number
  try {
    const document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      parseSpeed: ParseSpeeds.Fastest,
      updateMetadata: false,
      throwOnInvalidObject: true,
    })
    pages = document.getPageCount()
  } catch {
    throw notPdf()
  }
  if (pages < 1) throw new InvalidRequestError(`${field} is not a valid PDF: it has no pages`)
  if (pages > DOCUMENT_LIMITS.maxPages) {
    throw new InvalidRequestError(
      `${field} has ${pages.toLocaleString('en-US')} pages; a document may have at most ${DOCUMENT_LIMITS.maxPages.toLocaleString('en-US')}: split it into several documents`,
    )
  }
  return pages
}
