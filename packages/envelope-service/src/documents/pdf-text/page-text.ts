import { loadPdfJs } from './pdfjs.js'
import { type PageText, pageBoxOf, type TextRun, toRun } from './text-runs.js'

export type { PageText } from './text-runs.js'

/** The text of each page of a PDF with where it is drawn (text-runs.ts), read with pdf.js on the server. */
export async function extractPageText(pdfBytes: Uint8Array): Promise<PageText[]> {
  // pdf.js detaches the buffer it is given; it gets a copy so the caller's bytes stay usable.
  const { getDocument } = await loadPdfJs()
  const document = await getDocument({
    data: pdfBytes.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise
  try {
    const pages: PageText[] = []
    for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
      const page = await document.getPage(pageNumber)
      const box = pageBoxOf(page.view, page.rotate)
      const content = await page.getTextContent()
      const runs: TextRun[] = []
      for (const item of content.items) {
        if (!('str' in item)) continue
        runs.push(toRun(box, item))
      }
      pages.push({ pageNumber, runs })
      page.cleanup()
    }
    return pages
  } finally {
    await document.destroy()
  }
}
