import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'

/** pdf.js in a chunk of its own: imported only by the builder, so the dashboard's first script stays small. */

GlobalWorkerOptions.workerSrc = workerUrl

export function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  return getDocument({ data: bytes, isEvalSupported: false }).promise
}
