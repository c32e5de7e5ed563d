import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, PDFWorker } from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'

/** pdf.js, loaded as its own chunk (see PdfDocument.tsx). */

GlobalWorkerOptions.workerSrc = workerUrl

/**
 * One pdf.js worker for every document, started as soon as this chunk runs so that it loads while the
 * session is fetched: each worker parses about a megabyte of script, and pdf.js would otherwise start
 * one per document, after the session, before the first page can be drawn.
 */
const worker = new PDFWorker()

export function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  return getDocument({ data: bytes, worker, isEvalSupported: false }).promise
}
